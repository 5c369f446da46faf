/**
 * `<mdq-search-box>`: the mdq editor (`mdq/codemirror`, one line by default) as a
 * framework-free custom element, with optional scope pickers, the problems and their
 * fixes, recent queries and saved searches in the completion list, and the query and
 * scope in the address on request. It emits `mdq-search`, `mdq-change` and
 * `mdq-diagnostics`; showing results is the host's (or `<mdq-results>`'s) job.
 *
 * Schemas come from the `schemas` property, or are loaded through the `client`
 * property (an `mdq/client` client), which also feeds value completion and the
 * scope pickers (`scope-pickers`).
 */
import { autocompletion, startCompletion } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { Compartment, EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap, placeholder, tooltips } from '@codemirror/view';
import {
  check,
  fixQuery,
  loadSchema,
  parse,
  type Diagnostic,
  type Fix,
  type Level,
  type SchemaIndex,
  type SchemaInput,
} from 'mdq';
import { formatQuery, mdq } from 'mdq/codemirror';
import {
  type Catalog,
  type DataSetLister,
  dataSetLister,
  loadCatalog,
  type Named,
  resolveScope,
  schemasInScope,
} from './catalog.js';
import { comboboxRole } from './combobox.js';
import { historyCompletions, localStorageHistory, remember } from './history.js';
import { BaseElement } from './base.js';
import { option } from './option.js';
import { renderProblems } from './problems.js';
import { searchBoxStyles } from './styles.js';
import type {
  ChangeDetail,
  DiagnosticsDetail,
  HistoryStorage,
  SavedSearch,
  SearchBoxClient,
  SearchDetail,
  SearchScope,
} from './types.js';
import { readUrlState, writeUrlState } from './url-state.js';
import { clientValues } from './values.js';

/** An empty box is a box about to be typed in, not a problem. */
const SEVERITIES: Readonly<Record<string, Level>> = { 'empty-query': 'off' };
/** The pause in typing before the problems and `mdq-diagnostics` follow (the lint marks' own delay). */
const CHECK_DELAY = 150;
/** The pause in typing before a `live` box searches. */
const LIVE_DELAY = 400;

const TEMPLATE = `
<div part="scope" hidden>
  <label>Business area <select data-scope="businessArea"><option value="">All business areas</option></select></label>
  <label>Schema <select data-scope="schema" disabled><option value="">All schemas</option></select></label>
  <label>Dataset <select data-scope="dataSet" disabled><option value="">All datasets</option></select></label>
</div>
<div part="field">
  <div part="editor"></div>
  <button type="button" part="search-button">Search</button>
</div>
<p part="status" role="status"></p>
<div part="problems" hidden aria-live="polite"></div>
<p part="hint" id="hint">Enter searches. Alt+Down: recent and saved searches. Ctrl+Space: completion. Ctrl+.: fix the problem at the cursor. Ctrl+Shift+M: all problems. Tab leaves the box.</p>
`;

export class MdqSearchBox extends BaseElement {
  static readonly observedAttributes = [
    'value',
    'placeholder',
    'label',
    'mode',
    'scope-pickers',
    'sync-url',
    'theme',
    'live',
    'history-key',
  ];

  #view: EditorView | undefined;
  readonly #modeCompartment = new Compartment();
  readonly #themeCompartment = new Compartment();
  readonly #placeholderCompartment = new Compartment();
  #schemas: SchemaInput | undefined;
  #client: SearchBoxClient | undefined;
  #catalog: Catalog | undefined;
  /** The datasets of each schema, listed once per client. */
  #dataSets: DataSetLister | undefined;
  #loading: AbortController | undefined;
  #index: SchemaIndex | undefined;
  #scope: SearchScope = {};
  #saved: readonly SavedSearch[] = [];
  #historyStorage: HistoryStorage | undefined;
  #diagnostics: readonly Diagnostic[] = [];
  #checkTimer: ReturnType<typeof setTimeout> | undefined;
  #liveTimer: ReturnType<typeof setTimeout> | undefined;
  #pendingValue: string | undefined;
  #darkQuery: MediaQueryList | undefined;
  #ready = false;
  readonly #onDarkChange = () => this.#applyTheme();
  readonly #onPopState = () => this.#readUrl(true);

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open', delegatesFocus: true });
    const style = document.createElement('style');
    style.textContent = searchBoxStyles;
    root.append(style);
    const box = document.createElement('div');
    box.setAttribute('part', 'box');
    box.innerHTML = TEMPLATE;
    root.append(box);
    this.#part('search-button').addEventListener('click', () => this.search());
    for (const select of this.#selects())
      select.addEventListener('change', () => void this.#chooseScope(select));
  }

  // ---- attributes reflected as properties ----

  get mode(): 'single-line' | 'multi-line' {
    return this.getAttribute('mode') === 'multi-line' ? 'multi-line' : 'single-line';
  }
  set mode(mode: 'single-line' | 'multi-line') {
    this.setAttribute('mode', mode);
  }
  get placeholder(): string {
    return this.getAttribute('placeholder') ?? 'Search, e.g. [First Name] eq "Tim" or City:Berlin';
  }
  set placeholder(text: string) {
    this.setAttribute('placeholder', text);
  }
  get label(): string {
    return this.getAttribute('label') ?? 'Search query';
  }
  set label(text: string) {
    this.setAttribute('label', text);
  }
  get syncUrl(): boolean {
    return this.hasAttribute('sync-url');
  }
  set syncUrl(on: boolean) {
    this.toggleAttribute('sync-url', on);
  }
  get scopePickers(): boolean {
    return this.hasAttribute('scope-pickers');
  }
  set scopePickers(on: boolean) {
    this.toggleAttribute('scope-pickers', on);
  }
  get live(): boolean {
    return this.hasAttribute('live');
  }
  set live(on: boolean) {
    this.toggleAttribute('live', on);
  }
  get theme(): 'light' | 'dark' | 'auto' {
    const theme = this.getAttribute('theme');
    return theme === 'light' || theme === 'dark' ? theme : 'auto';
  }
  set theme(theme: 'light' | 'dark' | 'auto') {
    this.setAttribute('theme', theme);
  }

  // ---- properties ----

  /** The query text. */
  get value(): string {
    return (
      this.#view?.state.doc.toString() ?? this.#pendingValue ?? this.getAttribute('value') ?? ''
    );
  }
  set value(text: string) {
    const view = this.#view;
    if (view === undefined) {
      this.#pendingValue = text;
      return;
    }
    if (view.state.doc.toString() === text) return;
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: text },
      selection: { anchor: text.length },
    });
  }

  /** The schemas the query is checked and completed against. Takes precedence over the client's. */
  get schemas(): SchemaInput | undefined {
    return this.#schemas;
  }
  set schemas(schemas: SchemaInput | undefined) {
    this.#schemas = schemas;
    this.#reconfigure();
  }

  /** An `mdq/client` client: schemas, scope pickers and value suggestions come from the service. */
  get client(): SearchBoxClient | undefined {
    return this.#client;
  }
  set client(client: SearchBoxClient | undefined) {
    if (client === this.#client) return;
    this.#client = client;
    this.#catalog = undefined;
    this.#dataSets = undefined;
    if (this.isConnected) void this.#loadCatalog();
  }

  /** Where the search runs (names). */
  get scope(): SearchScope {
    return this.#scope;
  }
  set scope(scope: SearchScope) {
    this.#scope = { ...scope };
    this.#fillSelects();
    this.#reconfigure();
    this.#emitChange();
  }

  /** Named searches offered in the completion list (Alt+Down, or when the box is empty). */
  get savedSearches(): readonly SavedSearch[] {
    return this.#saved;
  }
  set savedSearches(saved: readonly SavedSearch[]) {
    this.#saved = [...saved];
  }

  /** Where recent queries are kept; `localStorage` under `history-key` (default `mdq-search-history`) unless set. */
  get historyStorage(): HistoryStorage {
    this.#historyStorage ??= localStorageHistory(this.getAttribute('history-key') ?? undefined);
    return this.#historyStorage;
  }
  set historyStorage(storage: HistoryStorage) {
    this.#historyStorage = storage;
  }

  /** The recent queries, most recent first. */
  get recentQueries(): readonly string[] {
    return this.historyStorage.load();
  }

  /** The checker's diagnostics of the current text. */
  get diagnostics(): readonly Diagnostic[] {
    return this.#diagnostics;
  }

  /** True once the schemas are in (at once without a client; after the tenant is loaded with one). */
  get ready(): boolean {
    return this.#ready;
  }

  /** The schemas in effect (the `schemas` property, or the client's in the scope), loaded; undefined without any. */
  get schemaIndex(): SchemaIndex | undefined {
    return this.#index;
  }

  /** The editor view, for hosts that extend it. */
  get view(): EditorView | undefined {
    return this.#view;
  }

  // ---- lifecycle ----

  connectedCallback(): void {
    if (this.#view === undefined) this.#createView();
    this.#darkQuery = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
    this.#darkQuery?.addEventListener('change', this.#onDarkChange);
    globalThis.addEventListener('popstate', this.#onPopState);
    if (this.syncUrl) this.#readUrl(false);
    this.#part('scope').hidden = !this.scopePickers || this.#client === undefined;
    if (this.#client !== undefined && this.#catalog === undefined) void this.#loadCatalog();
    // A host sets `client` right after creating or upgrading the element: wait for that before saying "ready" without one.
    else
      queueMicrotask(() => {
        if (this.#client === undefined) this.#becomeReady();
      });
  }

  disconnectedCallback(): void {
    this.#darkQuery?.removeEventListener('change', this.#onDarkChange);
    globalThis.removeEventListener('popstate', this.#onPopState);
    this.#loading?.abort();
    this.#loading = undefined;
    clearTimeout(this.#checkTimer);
    clearTimeout(this.#liveTimer);
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (old === value || this.#view === undefined) return;
    switch (name) {
      case 'value':
        this.value = value ?? '';
        break;
      case 'mode':
        this.#reconfigure();
        if (this.mode === 'single-line') this.#joinLines();
        break;
      case 'placeholder':
      case 'label':
        this.#view.dispatch({
          effects: this.#placeholderCompartment.reconfigure(this.#labelling()),
        });
        break;
      case 'theme':
        this.#applyTheme();
        break;
      case 'scope-pickers':
        this.#part('scope').hidden = !this.scopePickers || this.#client === undefined;
        break;
      case 'history-key':
        this.#historyStorage = undefined;
        break;
    }
  }

  // ---- methods ----

  override focus(options?: FocusOptions): void {
    this.#view?.focus();
    if (this.#view === undefined) super.focus(options);
  }

  /** Submits the query: `mdq-search` with its text, tree and scope; a valid query joins the history. */
  search(): void {
    const text = this.value;
    const parsed = parse(text);
    const valid =
      parsed.ast.body !== null && !parsed.diagnostics.some((d) => d.severity === 'error');
    if (valid) this.historyStorage.save(remember(this.historyStorage.load(), text));
    if (this.syncUrl) this.#writeUrl(true);
    clearTimeout(this.#liveTimer);
    this.#emit<SearchDetail>('mdq-search', {
      text,
      tree: parsed.ast,
      valid,
      scope: this.#scope,
    });
  }

  /** Applies every fix that keeps the meaning (`fixQuery`'s safe fixes), as one undoable change. */
  applySafeFixes(): boolean {
    const view = this.#view;
    if (view === undefined) return false;
    const text = view.state.doc.toString();
    const fixed = fixQuery(text, this.#checkOptions()).text;
    if (fixed === text) return false;
    const inside = this.#focusInside();
    view.dispatch({
      changes: { from: 0, to: text.length, insert: fixed },
      selection: { anchor: fixed.length },
      userEvent: 'input.fix',
    });
    this.#refreshProblems();
    if (inside) view.focus();
    return true;
  }

  /** Rewrites the query in its canonical form (Shift+Alt+F in the box). */
  format(): boolean {
    return this.#view === undefined ? false : formatQuery(this.#view);
  }

  // ---- the editor ----

  #createView(): void {
    const root = this.shadowRoot!;
    const editor = this.#part('editor');
    const initial = this.#pendingValue ?? this.getAttribute('value') ?? '';
    this.#pendingValue = undefined;
    const recall = historyCompletions({
      recent: () => this.recentQueries,
      saved: () => this.#saved,
    });
    this.#view = new EditorView({
      root,
      parent: editor,
      state: EditorState.create({
        doc: initial,
        extensions: [
          history(),
          keymap.of([
            { key: 'Alt-ArrowDown', run: startCompletion },
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          // The lint and hover tooltips stay below the box's top edge: above it they covered the scope pickers.
          tooltips({
            tooltipSpace: (view) => {
              const top = view.dom.getBoundingClientRect().top;
              return { top, left: 0, right: innerWidth, bottom: innerHeight };
            },
          }),
          autocompletion({ maxRenderedOptions: 8, interactionDelay: 0, activateOnTypingDelay: 0 }),
          // One source for the editor's life: CodeMirror knows a source by its identity.
          Prec.highest(EditorState.languageData.of(() => [{ autocomplete: recall }])),
          this.#placeholderCompartment.of(this.#labelling()),
          this.#themeCompartment.of(this.#themeExtension()),
          this.#modeCompartment.of(this.#modeExtension()),
          comboboxRole,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) this.#documentChanged(update.view, update.transactions);
            if (update.focusChanged && update.view.hasFocus) this.#offerHistoryWhenEmpty();
          }),
        ],
      }),
    });
    this.#refreshProblems();
  }

  #labelling(): Extension {
    return [
      placeholder(this.placeholder),
      EditorView.contentAttributes.of({
        'aria-label': this.label,
        'aria-describedby': 'hint',
      }),
    ];
  }

  #dark(): boolean {
    return this.theme === 'dark' || (this.theme === 'auto' && this.#darkQuery?.matches === true);
  }

  #themeExtension(): Extension {
    return EditorView.theme(
      {
        '&': { color: 'var(--mdq-fg)', backgroundColor: 'var(--mdq-bg)', borderRadius: 'inherit' },
        '&.cm-focused': { outline: 'none' },
        '.cm-content': { fontFamily: 'var(--mdq-code-font)', caretColor: 'var(--mdq-fg)' },
        '.cm-scroller': { fontFamily: 'var(--mdq-code-font)' },
        '.cm-placeholder': { color: 'var(--mdq-muted)' },
        '.cm-tooltip': {
          backgroundColor: 'var(--mdq-bg)',
          color: 'var(--mdq-fg)',
          border: '1px solid var(--mdq-border)',
        },
        // Eight items shown whole: the list pages (arrow keys) rather than clip the last one.
        '.cm-tooltip.cm-tooltip-autocomplete > ul': { maxHeight: 'none' },
        '.cm-completionIcon-mdq-recent::after': { content: "'↺'" },
        '.cm-completionIcon-mdq-saved::after': { content: "'★'" },
      },
      { dark: this.#dark() },
    );
  }

  #applyTheme(): void {
    this.#view?.dispatch({ effects: this.#themeCompartment.reconfigure(this.#themeExtension()) });
  }

  #schemaInEffect(): SchemaInput | undefined {
    if (this.#schemas !== undefined) return this.#schemas;
    if (this.#catalog === undefined) return undefined;
    const schemas = schemasInScope(this.#catalog, this.#scope);
    return schemas.length === 0 ? undefined : schemas;
  }

  #modeExtension(): Extension {
    const schema = this.#schemaInEffect();
    try {
      this.#index = schema === undefined ? undefined : loadSchema(schema);
    } catch {
      this.#index = undefined;
    }
    const client = this.#client;
    return mdq({
      ...(this.#index === undefined ? {} : { schema: this.#index }),
      mode: this.mode,
      severities: SEVERITIES,
      onSubmit: () => this.search(),
      ...(client === undefined
        ? {}
        : {
            values: clientValues(
              client,
              () => this.#scope,
              () => this.#index,
            ),
          }),
    });
  }

  /** One line for the one-line box: a query written over several lines keeps no newline when the box becomes one line. */
  #joinLines(): void {
    const view = this.#view;
    if (view === undefined) return;
    const text = view.state.doc.toString();
    const joined = text.replace(/[ \t]*\r?\n[ \t]*/g, ' ');
    if (joined !== text)
      view.dispatch({ changes: { from: 0, to: text.length, insert: joined }, userEvent: 'input' });
  }

  #reconfigure(): void {
    const view = this.#view;
    if (view === undefined) return;
    view.dispatch({ effects: this.#modeCompartment.reconfigure(this.#modeExtension()) });
    this.#refreshProblems();
  }

  #documentChanged(view: EditorView, transactions: readonly { isUserEvent(e: string): boolean }[]) {
    this.#emitChange();
    const typing = transactions.some(
      (tr) => tr.isUserEvent('input.type') || tr.isUserEvent('delete'),
    );
    clearTimeout(this.#checkTimer);
    if (typing) this.#checkTimer = setTimeout(() => this.#refreshProblems(), CHECK_DELAY);
    else this.#refreshProblems();
    if (view.state.doc.length === 0) this.#offerHistoryWhenEmpty();
    if (this.live) {
      clearTimeout(this.#liveTimer);
      this.#liveTimer = setTimeout(() => this.search(), LIVE_DELAY);
    }
  }

  #offerHistoryWhenEmpty(): void {
    const view = this.#view;
    if (view === undefined || view.state.doc.length > 0 || !view.hasFocus) return;
    if (this.recentQueries.length === 0 && this.#saved.length === 0) return;
    // After the current update: a command may not dispatch inside another.
    queueMicrotask(() => {
      if (view.state.doc.length === 0 && view.hasFocus) startCompletion(view);
    });
  }

  // ---- problems ----

  #checkOptions() {
    return {
      ...(this.#index === undefined ? {} : { schema: this.#index }),
      severities: SEVERITIES,
    };
  }

  #refreshProblems(): void {
    clearTimeout(this.#checkTimer);
    const text = this.value;
    let diagnostics: readonly Diagnostic[];
    try {
      diagnostics = check(text, this.#checkOptions());
    } catch (error) {
      diagnostics = [
        {
          code: 'check-failed',
          severity: 'error',
          message: `the query could not be checked: ${error instanceof Error ? error.message : String(error)}`,
          span: { start: 0, end: text.length },
        },
      ];
    }
    this.#diagnostics = diagnostics;
    renderProblems(this.#part('problems'), text, diagnostics, {
      applyFix: (fix) => this.#applyFix(text, fix),
      applySafeFixes: () => this.applySafeFixes(),
    });
    this.#emit<DiagnosticsDetail>('mdq-diagnostics', { text, diagnostics });
  }

  #applyFix(listedFor: string, fix: Fix): void {
    const view = this.#view;
    if (view === undefined) return;
    // A fix listed for an older text would edit the wrong place: list the problems again instead.
    if (view.state.doc.toString() !== listedFor) {
      this.#refreshProblems();
      return;
    }
    const inside = this.#focusInside();
    view.dispatch({
      changes: fix.edits.map((e) => ({ from: e.span.start, to: e.span.end, insert: e.text })),
      userEvent: 'input.fix',
    });
    this.#refreshProblems();
    if (inside) view.focus();
  }

  /**
   * True when the focus is in the box (a button of the problems list): after a fix it goes
   * back to the editor, since the button it was on is gone; a fix applied from outside
   * leaves the focus where it is. Read before the fix re-renders the list.
   */
  #focusInside(): boolean {
    return this.ownerDocument.activeElement === this;
  }

  // ---- scope ----

  async #loadCatalog(): Promise<void> {
    const client = this.#client;
    if (client === undefined) return;
    this.#loading?.abort();
    const controller = new AbortController();
    this.#loading = controller;
    this.#status('Loading the schemas…');
    try {
      const catalog = await loadCatalog(client, controller.signal);
      if (controller.signal.aborted || client !== this.#client) return;
      this.#catalog = catalog;
      this.#status(
        `${catalog.businessAreas.length} business areas, ${catalog.details.size} schemas`,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      this.#status(
        `Could not load the schemas: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    this.#part('scope').hidden = !this.scopePickers || this.#catalog === undefined;
    await this.#fillSelects();
    this.#reconfigure();
    this.#becomeReady();
  }

  #becomeReady(): void {
    if (this.#ready) return;
    this.#ready = true;
    this.toggleAttribute('ready', true);
    // A bookmarked search runs as soon as its schemas are in.
    if (this.syncUrl && readUrlState(location.href).query !== undefined) this.search();
    this.dispatchEvent(new CustomEvent('mdq-ready', { bubbles: true, composed: true }));
  }

  #selects(): HTMLSelectElement[] {
    return [...this.shadowRoot!.querySelectorAll<HTMLSelectElement>('select[data-scope]')];
  }

  #select(key: keyof SearchScope): HTMLSelectElement {
    return this.shadowRoot!.querySelector<HTMLSelectElement>(`select[data-scope="${key}"]`)!;
  }

  /** The pickers show the scope: the areas, the chosen area's schemas, the chosen schema's datasets (listed on demand). */
  async #fillSelects(): Promise<void> {
    const catalog = this.#catalog;
    if (catalog === undefined) return;
    const { businessArea, schema } = resolveScope(catalog, this.#scope);
    fill(
      this.#select('businessArea'),
      'All business areas',
      catalog.businessAreas,
      businessArea?.name,
    );
    fill(
      this.#select('schema'),
      'All schemas',
      businessArea ? (catalog.schemasOf.get(businessArea.id) ?? []) : [],
      schema?.name,
    );
    let dataSets: readonly Named[] = [];
    if (businessArea && schema && this.#client) {
      try {
        this.#dataSets ??= dataSetLister(this.#client);
        dataSets = await this.#dataSets(businessArea.id, schema.id);
      } catch (error) {
        this.#status(
          `Could not list the datasets: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    fill(this.#select('dataSet'), 'All datasets', dataSets, this.#scope.dataSet);
  }

  async #chooseScope(select: HTMLSelectElement): Promise<void> {
    const key = select.dataset.scope as keyof SearchScope;
    const value = select.value === '' ? undefined : select.value;
    // A wider choice clears the narrower ones under it.
    const order: (keyof SearchScope)[] = ['businessArea', 'schema', 'dataSet'];
    const next: Record<string, string> = {};
    for (const k of order) {
      if (k === key) {
        if (value !== undefined) next[k] = value;
        break;
      }
      const kept = this.#scope[k];
      if (kept !== undefined) next[k] = kept;
    }
    this.#scope = next;
    await this.#fillSelects();
    this.#reconfigure();
    this.#emitChange();
    if (this.syncUrl) this.#writeUrl(false);
    if (this.value.trim() !== '') this.search();
  }

  // ---- the address ----

  #readUrl(andSearch: boolean): void {
    const state = readUrlState(location.href);
    if (state.query !== undefined) this.value = state.query;
    this.#scope = { ...state.scope };
    void this.#fillSelects().then(() => this.#reconfigure());
    if (andSearch && this.#ready) this.search();
  }

  #writeUrl(push: boolean): void {
    const href = writeUrlState(location.href, { query: this.value, scope: this.#scope });
    if (href === location.href) return;
    if (push) globalThis.history.pushState(null, '', href);
    else globalThis.history.replaceState(null, '', href);
  }

  // ---- helpers ----

  #part(name: string): HTMLElement {
    return this.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`)!;
  }

  #status(text: string): void {
    this.#part('status').textContent = text;
  }

  #emitChange(): void {
    this.#emit<ChangeDetail>('mdq-change', { text: this.value, scope: this.#scope });
  }

  #emit<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

function fill(
  select: HTMLSelectElement,
  all: string,
  items: readonly { name: string }[],
  chosen: string | undefined,
): void {
  const options = [option(all, '')];
  for (const item of items) options.push(option(item.name, item.name));
  select.replaceChildren(...options);
  select.value = chosen !== undefined && items.some((i) => i.name === chosen) ? chosen : '';
  select.disabled = items.length === 0;
}
