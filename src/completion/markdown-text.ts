/**
 * Text from a schema or from the query inside the Markdown of hovers and completion items.
 * A field may be named `a*b_c`, a picklist code may hold a backtick, a description may hold
 * `[x](https://…)`: written as they are, LSP and Monaco clients would show emphasis, a broken
 * code span or a link the schema's author never meant. Escaped, every client (and the
 * CodeMirror renderer, src/codemirror/markdown.ts) shows the text as written.
 */

/**
 * The characters that can start inline Markdown (emphasis, code, links, HTML, entities,
 * GFM's strikethrough and tables) and `#`, which starts a heading on a line of its own.
 */
const INLINE_SPECIAL = /[\\`*_[\]<>&~|#]/g;
/** What starts a block when it begins a line: a list item (`- `, `+ `, `1. `, `2) `) or a quote (escaped above). */
const LINE_START = /^(\s*)([-+]|\d+[.)])(?=\s|$)/gm;

/** `text` as Markdown that shows it as written (line breaks stay line breaks). */
export function markdownText(text: string): string {
  return text
    .replace(INLINE_SPECIAL, '\\$&')
    .replace(
      LINE_START,
      (_, space: string, marker: string) => `${space}${marker.slice(0, -1)}\\${marker.slice(-1)}`,
    );
}

/**
 * `text` as a Markdown code span: fenced by one backtick more than its longest run of
 * them, and padded with a space where it starts or ends with one (CommonMark strips one
 * space from each side of a padded span). Line breaks become spaces, as in any code span.
 */
export function markdownCode(text: string): string {
  const flat = text.replace(/\r\n|\r|\n/g, ' ');
  if (flat === '') return '` `';
  let longest = 0;
  let run = 0;
  for (let i = 0; i < flat.length; i++) {
    run = flat.charCodeAt(i) === 0x60 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const fence = '`'.repeat(longest + 1);
  const pad =
    flat.startsWith('`') ||
    flat.endsWith('`') ||
    (flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== '')
      ? ' '
      : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
