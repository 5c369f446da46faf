/**
 * The playground: `<mdq-search-box>` and `<mdq-results>` (mdq/element) against the
 * example tenant served by the emulator, the same components an application uses,
 * with the pipeline's other stages on show beside them: the canonical form, the
 * builder code and the syntax tree.
 */
import { format, parse } from 'mdq';
import { toBuilderCode } from 'mdq/builder';
import { defineElements, type MdqResults, type MdqSearchBox, type SavedSearch } from 'mdq/element';
import { connect } from './connect.js';
import { renderTree } from './tree.js';
import './style.css';

defineElements();

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

const ui = {
  box: $<MdqSearchBox>('search'),
  results: $<MdqResults>('results'),
  format: $<HTMLButtonElement>('format'),
  multiline: $<HTMLInputElement>('multiline'),
  canonical: $('canonical'),
  builder: $('builder'),
  tree: $('tree'),
};

/** What a team would save: offered in the box's list (Alt+Down, or in an empty box). */
const SAVED: readonly SavedSearch[] = [
  { name: 'Adults in Berlin', query: 'City:Berlin AND [Age] ge 18' },
  { name: 'Active customers', query: '[Status] eq "ACT"' },
  { name: 'Everything', query: '*:*' },
];

/** The panels follow typing once it pauses, as the problems do: each reads the whole query. */
let panelsTimer: ReturnType<typeof setTimeout> | undefined;
function panelsSoon(): void {
  clearTimeout(panelsTimer);
  panelsTimer = setTimeout(refreshPanels, 150);
}

/** The query the panels describe. */
let panelsText = '';

function refreshPanels(): void {
  clearTimeout(panelsTimer);
  const text = ui.box.value;
  panelsText = text;
  const parsed = parse(text);
  renderTree(ui.tree, parsed.ast, (node) => {
    const view = ui.box.view;
    // A tree of an older text (the panels follow typing after a pause) could select past the end.
    if (view === undefined || view.state.doc.toString() !== panelsText) return refreshPanels();
    view.dispatch({
      selection: { anchor: node.span.start, head: node.span.end },
      scrollIntoView: true,
    });
    view.focus();
  });
  if (parsed.diagnostics.some((d) => d.severity === 'error')) {
    ui.canonical.textContent = 'The query has syntax errors; see the problems under the box.';
    ui.builder.textContent = 'The query has syntax errors; see the problems under the box.';
    return;
  }
  const layout =
    document.querySelector<HTMLInputElement>('input[name="layout"]:checked')?.value === 'multiline'
      ? 'multiline'
      : 'flat';
  ui.canonical.textContent = parsed.ast.body === null ? '' : format(parsed.ast, { layout });
  try {
    ui.builder.textContent = parsed.ast.body === null ? '' : toBuilderCode(parsed.ast);
  } catch (error) {
    ui.builder.textContent = error instanceof Error ? error.message : String(error);
  }
}

const client = connect();
ui.box.savedSearches = SAVED;
ui.box.client = client;
ui.results.client = client;

ui.box.addEventListener('mdq-change', panelsSoon);
ui.box.addEventListener('mdq-ready', () => {
  document.body.dataset.ready = 'true';
  refreshPanels();
  // The first search (unless the address brought one, which the box searched already).
  if (ui.results.state.text === '') ui.box.search();
});
ui.format.addEventListener('click', () => {
  ui.box.format();
  ui.box.focus();
});
ui.multiline.addEventListener('change', () => {
  ui.box.mode = ui.multiline.checked ? 'multi-line' : 'single-line';
});
for (const radio of document.querySelectorAll('input[name="layout"]'))
  radio.addEventListener('change', refreshPanels);
refreshPanels();
