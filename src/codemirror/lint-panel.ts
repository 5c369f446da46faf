/**
 * The problems panel (`@codemirror/lint`'s, Ctrl-Shift-M) made accessible. Its list is a
 * listbox whose options each hold their fixes as `<button>`s, and a focusable control
 * inside an option is hidden from screen readers or confuses them (axe: nested-interactive,
 * serious). The panel's own keys already reach every fix (arrows pick a problem, its fix's
 * underlined letter applies it), so each button becomes plain text that a pointer can
 * still click: the option reads as one item, "message, fix name", as the pattern asks.
 */
import { ViewPlugin, type EditorView } from '@codemirror/view';

const NESTED_BUTTONS = '.cm-panel-lint [role="option"] button.cm-diagnosticAction';

/** Swaps each fix button in an option for a span that forwards the pointer to it. */
function unnestFixButtons(view: EditorView): void {
  for (const button of view.dom.querySelectorAll<HTMLButtonElement>(NESTED_BUTTONS)) {
    const text = button.ownerDocument.createElement('span');
    text.className = button.className;
    text.append(...button.childNodes);
    // The panel applies the fix on mousedown (before the editor would take the focus).
    text.addEventListener('mousedown', (event) => {
      event.preventDefault();
      button.click();
    });
    button.replaceWith(text);
  }
}

export const accessibleLintPanel = ViewPlugin.fromClass(
  class {
    constructor(readonly view: EditorView) {}
    update(): void {
      // The panel renders its items in its own update, which may come after this one.
      if (this.view.dom.querySelector('.cm-panel-lint') !== null)
        queueMicrotask(() => unnestFixButtons(this.view));
    }
  },
);
