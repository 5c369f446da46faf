/**
 * The editor's content as a WAI-ARIA combobox: `role="combobox"` with `aria-expanded`
 * following the completion list (CodeMirror already sets `aria-controls` and
 * `aria-activedescendant` on it). CodeMirror's content is a `textbox` with
 * `aria-multiline`, which a combobox may not carry: the plugin removes it, and
 * CodeMirror leaves it removed (it rewrites an attribute only when its own value changes).
 */
import { completionStatus } from '@codemirror/autocomplete';
import { EditorView, ViewPlugin } from '@codemirror/view';

const apply = (view: EditorView) => {
  const content = view.contentDOM;
  content.removeAttribute('aria-multiline');
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
