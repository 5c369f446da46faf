/**
 * `mdq(options)`: one extension that makes a CodeMirror 6 editor an mdq query
 * editor: highlighting, completion, lint with fixes, hover, format on a key, and
 * the search-box mode, and the lint keys (Ctrl-Shift-M: the problems panel; F8: the next
 * problem; Ctrl-.: the fix at the cursor). Change the schema by reconfiguring it in a `Compartment`.
 */
import { autocompletion } from '@codemirror/autocomplete';
import { linter } from '@codemirror/lint';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, type KeyBinding } from '@codemirror/view';
import { formatQuery, submitQuery } from './commands.js';
import { engineCompletions } from './completion.js';
import { highlighting } from './highlighting.js';
import { closeHover, hover, keyboardHover, showHover } from './hover.js';
import { queryDiagnostics } from './lint.js';
import { mdqConfig, resolveOptions, type MdqEditorOptions } from './options.js';
import { defaultServices } from './default-services.js';
import { fixKeys } from './fix-keys.js';
import { accessibleLintPanel } from './lint-panel.js';
import { singleLine } from './single-line.js';
import { providedValues } from './values.js';

/** Colours for the token classes when the editor has no highlight style of its own. */
const baseTheme = EditorView.baseTheme({
  '&light .cm-mdq-field': { color: '#7a3e9d' },
  '&light .cm-mdq-operator, &light .cm-mdq-keyword': { color: '#0b5394', fontWeight: '600' },
  '&light .cm-mdq-string, &light .cm-mdq-date': { color: '#2e6b1f' },
  '&light .cm-mdq-number': { color: '#8a4b00' },
  '&light .cm-mdq-wildcard, &light .cm-mdq-regex, &light .cm-mdq-escape': { color: '#a0306a' },
  '&dark .cm-mdq-field': { color: '#d7a6f5' },
  '&dark .cm-mdq-operator, &dark .cm-mdq-keyword': { color: '#8fc3ff', fontWeight: '600' },
  '&dark .cm-mdq-string, &dark .cm-mdq-date': { color: '#9fe28a' },
  '&dark .cm-mdq-number': { color: '#ffc27a' },
  '&dark .cm-mdq-wildcard, &dark .cm-mdq-regex, &dark .cm-mdq-escape': { color: '#ff9ccf' },
  '.cm-mdq-error': { textDecoration: 'underline wavy #d33' },
  // CodeMirror's own selected-item colours fall short of WCAG AA contrast (4.2:1); these pass.
  '&light .cm-tooltip.cm-tooltip-autocomplete ul li[aria-selected]': {
    background: '#0b57d0',
    color: '#fff',
  },
  '&light .cm-tooltip.cm-tooltip-autocomplete-disabled ul li[aria-selected]': {
    background: '#555',
  },
  // The panel's source label is 70% size at 0.7 opacity: under 4.5:1 on either theme.
  '.cm-diagnosticSource': { opacity: 1 },
  '.cm-mdq-doc p, .cm-mdq-doc ul': { margin: '0.2em 0' },
  '.cm-mdq-hover': { padding: '0.3em 0.6em', maxWidth: '28em' },
});

export function mdq(options: MdqEditorOptions = {}): Extension {
  const config = resolveOptions(options, options.services ?? defaultServices());
  const keys: KeyBinding[] = [{ key: 'Mod-Enter', run: submitQuery }, ...fixKeys];
  if (config.formatKey !== null)
    keys.push({ key: config.formatKey, run: formatQuery, preventDefault: true });
  if (config.hoverKey !== null)
    keys.push(
      { key: config.hoverKey, run: showHover, preventDefault: true },
      { key: 'Escape', run: closeHover },
    );
  return [
    mdqConfig.of(config),
    highlighting,
    baseTheme,
    EditorState.languageData.of(() => [
      { autocomplete: engineCompletions },
      { autocomplete: providedValues },
    ]),
    autocompletion(),
    linter((view) => queryDiagnostics(view.state), { delay: config.lintDelay }),
    accessibleLintPanel,
    hover,
    keyboardHover,
    keymap.of(keys),
    config.singleLine ? singleLine : [],
  ];
}
