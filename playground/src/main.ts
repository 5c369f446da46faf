/**
 * The playground: an mdq editor against the example tenant served by the emulator,
 * with every stage of the pipeline on show: problems with their fixes, the
 * canonical form, the syntax tree, the builder code, and live search results.
 */
import { autocompletion } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import {
  check,
  exists,
  format,
  parse,
  query as buildQuery,
  startsWith,
  toBuilderCode,
  type Diagnostic,
  type Fix,
  type SchemaResponse,
} from 'mdq';
import { formatQuery, mdq } from 'mdq/codemirror';
import type { MdqClient, SearchResult } from 'mdq/client';
import { renderDiagnostics } from './diagnostics.js';
import { matchedSpans } from './matches.js';
import { renderResults } from './results.js';
import { connect } from './connect.js';
import type { Hit, Named } from './service.js';
import { renderTree } from './tree.js';
import './style.css';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

const ui = {
  businessArea: $<HTMLSelectElement>('business-area'),
  schema: $<HTMLSelectElement>('schema'),
  dataSet: $<HTMLSelectElement>('dataset'),
  scopeStatus: $('scope-status'),
  editor: $('editor'),
  search: $<HTMLButtonElement>('search'),
  format: $<HTMLButtonElement>('format'),
  multiline: $<HTMLInputElement>('multiline'),
  diagnostics: $('diagnostics'),
  diagnosticCount: $('diagnostic-count'),
  total: $('total'),
  table: $<HTMLTableElement>('results-table'),
  prev: $<HTMLButtonElement>('prev'),
  next: $<HTMLButtonElement>('next'),
  page: $('page'),
  canonical: $('canonical'),
  builder: $('builder'),
  tree: $('tree'),
};

const PAGE_SIZE = 3;
const INITIAL_QUERY = '[Age] ge 18';

interface Scope {
  businessArea?: Named;
  schema?: Named;
  dataSet?: Named;
}

const app = {
  client: undefined as MdqClient | undefined,
  businessAreas: [] as Named[],
  schemasOf: new Map<string, Named[]>(),
  details: new Map<string, SchemaResponse>(),
  scope: {} as Scope,
  page: 0,
  searchController: undefined as AbortController | undefined,
};

/** The schemas the query runs against: the chosen one, those of the chosen area, or all. */
function schemasInScope(): SchemaResponse[] {
  const ids = app.scope.schema
    ? [app.scope.schema.id]
    : (app.scope.businessArea ? [app.scope.businessArea] : app.businessAreas).flatMap((ba) =>
        (app.schemasOf.get(ba.id) ?? []).map((s) => s.id),
      );
  return ids.map((id) => app.details.get(id)).filter((s): s is SchemaResponse => s !== undefined);
}

/** Values for completion from the service itself: what the field holds in the scope, starting with the prefix. */
async function lookUpValues(
  field: string,
  prefix: string,
  signal: AbortSignal,
): Promise<{ value: string }[]> {
  if (app.client === undefined) return [];
  const text = buildQuery(prefix === '' ? exists(field) : startsWith(field, prefix)).text;
  const page = await app.client.search(text, { ...scopeParams(), from: 0, size: 50, signal });
  const seen = new Set<string>();
  for (const hit of page.hits) {
    const value = hit[field];
    for (const v of Array.isArray(value) ? value : [value])
      if (typeof v === 'string' || typeof v === 'number') seen.add(String(v));
  }
  return [...seen].slice(0, 20).map((value) => ({ value }));
}

const modeCompartment = new Compartment();

function editorMode(): Extension {
  return mdq({
    schema: schemasInScope(),
    mode: ui.multiline.checked ? 'multi-line' : 'single-line',
    onSubmit: () => void runSearch(0),
    values: lookUpValues,
  });
}

const view = new EditorView({
  parent: ui.editor,
  state: EditorState.create({
    doc: INITIAL_QUERY,
    extensions: [
      history(),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      placeholder('Search, e.g. [First Name] eq "Tim" or City:Berlin'),
      // A short list that pages instead of scrolling (a scrolling list cannot be reached by keyboard
      // focus); Enter accepts what is shown at once (Enter would otherwise submit the search); and
      // no wait before asking the engine, which answers in well under a millisecond.
      autocompletion({ maxRenderedOptions: 8, interactionDelay: 0, activateOnTypingDelay: 0 }),
      EditorView.contentAttributes.of({ 'aria-label': 'Query', 'data-testid': 'query' }),
      modeCompartment.of(editorMode()),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) {
          // Typing waits for a pause; a format, a fix, a completion or a paste shows at once.
          if (
            update.transactions.some(
              (tr) => tr.isUserEvent('input.type') || tr.isUserEvent('delete'),
            )
          )
            panelsSoon();
          else refreshPanels();
          searchSoon();
        }
      }),
    ],
  }),
});

/**
 * The panels (problems, canonical form, builder code, syntax tree) follow typing once it
 * pauses, as the lint marks do: each reads the whole query, and on a long one doing that
 * on every keystroke made typing lag.
 */
let panelsTimer: ReturnType<typeof setTimeout> | undefined;
function panelsSoon(): void {
  clearTimeout(panelsTimer);
  panelsTimer = setTimeout(refreshPanels, 150);
}

/** Results follow the query as it is typed, once typing pauses; Enter searches at once. */
let searchTimer: ReturnType<typeof setTimeout> | undefined;
function searchSoon(): void {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => void runSearch(0), 400);
}

function reconfigure(): void {
  view.dispatch({ effects: modeCompartment.reconfigure(editorMode()) });
  refreshPanels();
}

function applyFix(fix: Fix): void {
  // The panels follow the query after a pause: a fix listed for an older text would edit the wrong place.
  if (view.state.doc.toString() !== panelsText) {
    refreshPanels();
    return;
  }
  view.dispatch({
    changes: fix.edits.map((e) => ({ from: e.span.start, to: e.span.end, insert: e.text })),
    userEvent: 'input.fix',
  });
  view.focus();
  void runSearch(0);
}

let lastDiagnostics: readonly Diagnostic[] = [];
/** The query the panels describe. */
let panelsText = '';

function refreshPanels(): void {
  clearTimeout(panelsTimer);
  const text = view.state.doc.toString();
  panelsText = text;
  const schema = schemasInScope();
  lastDiagnostics = check(text, schema.length > 0 ? { schema } : {});
  renderDiagnostics(ui.diagnostics, ui.diagnosticCount, text, lastDiagnostics, applyFix);
  const parsed = parse(text);
  renderTree(ui.tree, parsed.ast, (node) => {
    // A tree of an older text (the panels follow typing after a pause) could select past the end.
    if (view.state.doc.toString() !== panelsText) {
      refreshPanels();
      return;
    }
    view.dispatch({
      selection: { anchor: node.span.start, head: node.span.end },
      scrollIntoView: true,
    });
    view.focus();
  });
  const syntaxErrors = parsed.diagnostics.some((d) => d.severity === 'error');
  const layout =
    (document.querySelector('input[name="layout"]:checked') as HTMLInputElement | null)?.value ===
    'multiline'
      ? 'multiline'
      : 'flat';
  if (syntaxErrors) {
    ui.canonical.textContent = 'The query has syntax errors; see Problems.';
    ui.builder.textContent = 'The query has syntax errors; see Problems.';
    return;
  }
  ui.canonical.textContent = parsed.ast.body === null ? '' : format(parsed.ast, { layout });
  try {
    ui.builder.textContent = toBuilderCode(parsed.ast);
  } catch (error) {
    ui.builder.textContent = error instanceof Error ? error.message : String(error);
  }
}

function scopeParams(): { businessArea?: string; schema?: string; dataSet?: string } {
  return {
    ...(app.scope.businessArea ? { businessArea: app.scope.businessArea.name } : {}),
    ...(app.scope.schema ? { schema: app.scope.schema.name } : {}),
    ...(app.scope.dataSet ? { dataSet: app.scope.dataSet.name } : {}),
  };
}

async function runSearch(page: number): Promise<void> {
  clearTimeout(searchTimer);
  const client = app.client;
  if (client === undefined) return;
  const text = view.state.doc.toString();
  const parsed = parse(text);
  if (parsed.ast.body === null || parsed.diagnostics.some((d) => d.severity === 'error')) {
    app.searchController?.abort();
    ui.total.textContent =
      parsed.ast.body === null ? 'Type a query to search.' : 'Fix the syntax errors to search.';
    return;
  }
  app.searchController?.abort();
  const controller = new AbortController();
  app.searchController = controller;
  const canonical = format(parsed.ast);
  ui.total.textContent = 'Searching…';
  let result: SearchResult;
  try {
    result = await client.search(canonical, {
      ...scopeParams(),
      from: page * PAGE_SIZE,
      size: PAGE_SIZE,
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted) return;
    ui.total.textContent = `The search failed: ${messageOf(error)}`;
    renderResults(ui.table, [], () => []);
    return;
  }
  if (controller.signal.aborted) return;
  app.page = page;
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  ui.total.textContent = `${result.total} ${result.total === 1 ? 'result' : 'results'}`;
  ui.total.dataset.total = String(result.total);
  ui.total.dataset.query = canonical;
  ui.total.dataset.page = String(page);
  ui.page.textContent = result.total === 0 ? '' : `Page ${page + 1} of ${pages}`;
  ui.prev.disabled = page === 0;
  ui.next.disabled = page + 1 >= pages;
  const marks = matchedSpans(canonical, schemasInScope());
  renderResults(ui.table, result.hits, (hit: Hit) => marks(hit));
}

function fillSelect(select: HTMLSelectElement, all: string, items: readonly Named[]): void {
  const options = [new Option(all, '')];
  for (const item of items) options.push(new Option(item.name, item.id));
  select.replaceChildren(...options);
  select.disabled = items.length === 0;
}

async function chooseBusinessArea(): Promise<void> {
  const ba = app.businessAreas.find((b) => b.id === ui.businessArea.value);
  app.scope = ba ? { businessArea: ba } : {};
  fillSelect(ui.schema, 'All schemas', ba ? (app.schemasOf.get(ba.id) ?? []) : []);
  fillSelect(ui.dataSet, 'All datasets', []);
  reconfigure();
  await runSearch(0);
}

async function chooseSchema(): Promise<void> {
  const client = app.client!;
  const ba = app.scope.businessArea;
  const schema = ba ? app.schemasOf.get(ba.id)?.find((s) => s.id === ui.schema.value) : undefined;
  app.scope = { ...(ba ? { businessArea: ba } : {}), ...(schema ? { schema } : {}) };
  let dataSets: Named[] = [];
  if (ba && schema) {
    try {
      dataSets = (await client.dataSets(ba.id, schema.id).toArray()).map((d) => ({
        id: d.dataSetId,
        name: d.dataSetName,
      }));
    } catch (error) {
      ui.scopeStatus.textContent = `Could not list the datasets: ${messageOf(error)}`;
    }
  }
  fillSelect(ui.dataSet, 'All datasets', dataSets);
  reconfigure();
  await runSearch(0);
}

async function chooseDataSet(): Promise<void> {
  const dataSets = [...ui.dataSet.options]
    .filter((o) => o.value !== '')
    .map((o) => ({ id: o.value, name: o.text }));
  const dataSet = dataSets.find((d) => d.id === ui.dataSet.value);
  const { dataSet: _, ...rest } = app.scope;
  app.scope = { ...rest, ...(dataSet ? { dataSet } : {}) };
  await runSearch(0);
}

async function start(): Promise<void> {
  refreshPanels();
  ui.scopeStatus.textContent = 'Loading the tenant…';
  try {
    const client = connect();
    app.client = client;
    app.businessAreas = (await client.businessAreas()).map((b) => ({
      id: b.businessAreaId,
      name: b.name,
    }));
    // Each area's schema list (paged by the service: the client follows nextPageKey), then every schema, at once.
    await Promise.all(
      app.businessAreas.map(async (ba) => {
        const schemas = (await client.schemas(ba.id).toArray()).map((s) => ({
          id: s.schemaId,
          name: s.name,
        }));
        app.schemasOf.set(ba.id, schemas);
        for (const [i, detail] of (
          await Promise.all(schemas.map((s) => client.getSchema(ba.id, s.id)))
        ).entries())
          app.details.set(schemas[i]!.id, detail);
      }),
    );
  } catch (error) {
    ui.scopeStatus.textContent = `Could not load the tenant: ${messageOf(error)}`;
    return;
  }
  fillSelect(ui.businessArea, 'All business areas', app.businessAreas);
  ui.scopeStatus.textContent = `${app.businessAreas.length} business areas, ${app.details.size} schemas`;
  document.body.dataset.ready = 'true';
  reconfigure();
  await runSearch(0);
}

ui.businessArea.addEventListener('change', () => void chooseBusinessArea());
ui.schema.addEventListener('change', () => void chooseSchema());
ui.dataSet.addEventListener('change', () => void chooseDataSet());
ui.search.addEventListener('click', () => void runSearch(0));
ui.format.addEventListener('click', () => {
  formatQuery(view);
  view.focus();
});
ui.multiline.addEventListener('change', () => reconfigure());
ui.prev.addEventListener('click', () => void runSearch(Math.max(0, app.page - 1)));
ui.next.addEventListener('click', () => void runSearch(app.page + 1));
for (const radio of document.querySelectorAll('input[name="layout"]'))
  radio.addEventListener('change', () => refreshPanels());

void start();
