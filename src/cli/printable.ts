/**
 * Text from the service (names, field values, error messages) made safe to print on a
 * terminal: a value holding `ESC ]52;` could write the user's clipboard, `ESC [2J` clear
 * the screen, a carriage return overwrite what came before. Control characters are shown
 * as `\u001b` escapes instead of being sent to the terminal; newlines and tabs are kept.
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The same, one column per character (U+FFFD for each control character), where a caret below must stay aligned. */
export function printableInPlace(text: string): string {
  return text.replace(CONTROL, '\uFFFD');
}
