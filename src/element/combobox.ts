/**
 * The editor's content as a WAI-ARIA combobox: `role="combobox"` with `aria-expanded`
 * following the completion list (CodeMirror already sets `aria-controls` and
 * `aria-activedescendant` on it). CodeMirror's content is a `textbox` with
 * `aria-multiline` (and `aria-placeholder` from `placeholder()`), which a combobox may
 * not carry: the plugin removes them, and
 * CodeMirror leaves it removed (it rewrites an attribute only when its own value changes).
 */
import { completionStatus } from '@codemirror/autocomplete';
import { EditorView, ViewPlugin } from '@codemirror/view';

const apply = (view: EditorView) => {
  const content = view.contentDOM;
  content.removeAttribute('aria-multiline');
  // The placeholder is no attribute of a combobox either (the label and the hint under the box name and describe it).
  content.removeAttribute('aria-placeholder');
  const expanded = completionStatus(view.state) === 'active' ? 'true' : 'false';
  if (content.getAttribute('aria-expanded') !== expanded)
    content.setAttribute('aria-expanded', expanded);
};

export const comboboxRole = [
  EditorView.contentAttributes.of({ role: 'combobox' }),
  ViewPlugin.define((view) => {
    // The view sets its content's attributes after building its plugins: apply once it has.
    queueMicrotask(() => apply(view));
    return { update: (update) => apply(update.view) };
  }),
];
