/**
 * `<mdq-results>`: the hits of a search as an HTML table, one row per hit, with paging,
 * a page size to choose, the matched text marked (the evaluator's highlight), headers
 * in words, and a status line that says how many results in which scope, or why there
 * are none. It follows a `<mdq-search-box>` named by its `for` attribute (an id), or is
 * driven by `show()`; it searches through its `client` property.
 *
 * What it never does: keep showing the results of an older query. An emptied box, a
 * query with syntax errors and a failed search each clear the table and say so.
 */
import { check, format, loadSchema, parse, type SchemaIndex, type SchemaInput } from 'mdq';
import { compile, type FieldHighlight } from 'mdq/evaluator';
import { BaseElement } from './base.js';
import { option } from './option.js';
import { describeScope, scopeFilters } from './catalog.js';
import { columnHeader, columnsFor } from './columns.js';
import { resultsStyles } from './styles.js';
import type { ChangeDetail, SearchBoxClient, SearchDetail, SearchScope } from './types.js';

type Hit = Readonly<Record<string, unknown>>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;
const count = new Intl.NumberFormat('en');

const TEMPLATE = `
<p part="status" role="status" aria-live="polite"></p>
<p part="reason" hidden></p>
<div part="table-wrap" role="region" aria-label="Search results" tabindex="0">
  <table part="table"><caption class="visually-hidden">Matching data objects</caption><thead></thead><tbody></tbody></table>
</div>
<nav part="pager" aria-label="Result pages" hidden>
  <button type="button" data-page="prev">Previous page</button>
  <span data-page="label"></span>
  <button type="button" data-page="next">Next page</button>
  <label>Rows per page <select data-page="size"></select></label>
</nav>
`;

export class MdqResults extends BaseElement {
  static readonly observedAttributes = ['for', 'page-size'];

  #client: SearchBoxClient | undefined;
  #schemas: SchemaInput | undefined;
  #index: SchemaIndex | undefined;
  #source: Element | null = null;
  #text = '';
  #scope: SearchScope = {};
  #page = 0;
  #total = 0;
  #controller: AbortController | undefined;
  readonly #onSearch = (event: Event) => {
    const detail = (event as CustomEvent<SearchDetail>).detail;
    // The box's schemas in the scope searched: what marks the matches and explains an empty result.
    const index = (event.currentTarget as { schemaIndex?: SchemaIndex } | null)?.schemaIndex;
    if (index !== undefined) this.schemas = index;
    void this.show(detail.text, detail.scope);
  };
  readonly #onChange = (event: Event) => {
    const detail = (event as CustomEvent<ChangeDetail>).detail;
    if (detail.text.trim() === '') this.clear('Type a query to search.');
  };

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = resultsStyles;
    root.append(style);
    const container = document.createElement('div');
    container.innerHTML = TEMPLATE;
    root.append(container);
    const size = this.#el<HTMLSelectElement>('[data-page="size"]');
    for (const n of PAGE_SIZES) size.append(option(String(n), String(n)));
    size.value = String(this.pageSize);
    size.addEventListener('change', () => {
      this.pageSize = Number(size.value);
    });
    this.#el('[data-page="prev"]').addEventListener('click', () => void this.#load(this.#page - 1));
    this.#el('[data-page="next"]').addEventListener('click', () => void this.#load(this.#page + 1));
  }

  get client(): SearchBoxClient | undefined {
    return this.#client;
  }
  set client(client: SearchBoxClient | undefined) {
    this.#client = client;
  }

  /** The schemas, for marking what matched (the evaluator's reading) and saying why nothing did. */
  get schemas(): SchemaInput | undefined {
    return this.#schemas;
  }
  set schemas(schemas: SchemaInput | undefined) {
    this.#schemas = schemas;
    try {
      this.#index = schemas === undefined ? undefined : loadSchema(schemas);
    } catch {
      this.#index = undefined;
    }
  }

  get pageSize(): number {
    const n = Number(this.getAttribute('page-size'));
    return Number.isInteger(n) && n > 0 && n <= 1000 ? n : DEFAULT_PAGE_SIZE;
  }
  set pageSize(n: number) {
    this.setAttribute('page-size', String(n));
  }

  /** The query shown (canonical form), its scope, page (from 0) and total: also on the status line's data attributes. */
  get state() {
    return { text: this.#text, scope: this.#scope, page: this.#page, total: this.#total };
  }

  connectedCallback(): void {
    this.#follow();
  }
  disconnectedCallback(): void {
    this.#controller?.abort();
    this.#unfollow();
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (old === value) return;
    if (name === 'for' && this.isConnected) this.#follow();
    if (name === 'page-size') {
      const size = this.#el<HTMLSelectElement>('[data-page="size"]');
      if (
        !PAGE_SIZES.includes(this.pageSize as never) &&
        !size.querySelector(`option[value="${this.pageSize}"]`)
      )
        size.append(option(String(this.pageSize), String(this.pageSize)));
      size.value = String(this.pageSize);
      if (this.#text !== '') void this.#load(0);
    }
  }

  /** Searches `text` in `scope` and shows page 1; an empty or broken query clears the table instead. */
  async show(text: string, scope: SearchScope = {}): Promise<void> {
    const parsed = parse(text);
    this.#scope = scope;
    if (parsed.ast.body === null) return this.clear('Type a query to search.');
    if (parsed.diagnostics.some((d) => d.severity === 'error'))
      return this.clear('Fix the syntax errors to search.', 'error');
    this.#text = format(parsed.ast);
    await this.#load(0);
  }

  /** Empties the table and says why. */
  clear(message: string, state: 'idle' | 'error' = 'idle'): void {
    this.#controller?.abort();
    this.#text = '';
    this.#total = 0;
    this.#page = 0;
    this.#render([], []);
    this.#setStatus(message, state);
    this.#reason('');
    this.#el('[part="pager"]').hidden = true;
  }

  async #load(page: number): Promise<void> {
    const client = this.#client;
    if (client === undefined) return this.clear('No service to search.', 'error');
    if (page < 0) return;
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    const text = this.#text;
    const size = this.pageSize;
    this.#setStatus('Searching…', 'busy');
    let result: Awaited<ReturnType<SearchBoxClient['search']>>;
    try {
      result = await client.search(text, {
        ...scopeFilters(this.#scope),
        from: page * size,
        size,
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      this.clear(
        `The search failed: ${error instanceof Error ? error.message : String(error)}`,
        'error',
      );
      return;
    }
    if (controller.signal.aborted) return;
    this.#page = page;
    this.#total = result.total;
    const hits = result.hits as readonly Hit[];
    const marks = this.#marksOf(text);
    this.#render(hits, hits.map(marks));
    const where = describeScope(this.#scope);
    this.#setStatus(
      `${count.format(result.total)} ${result.total === 1 ? 'result' : 'results'} in ${where}`,
      'done',
    );
    this.#reason(result.total === 0 ? this.#whyNothing(text) : '');
    const pages = Math.max(1, Math.ceil(result.total / size));
    this.#el('[part="pager"]').hidden = result.total === 0;
    this.#el('[data-page="label"]').textContent =
      `Page ${count.format(page + 1)} of ${count.format(pages)}`;
    this.#el<HTMLButtonElement>('[data-page="prev"]').disabled = page === 0;
    this.#el<HTMLButtonElement>('[data-page="next"]').disabled = page + 1 >= pages;
  }

  /** The checker's first warning or error for a query that found nothing (an unknown field, a value out of range). */
  #whyNothing(text: string): string {
    const problems = check(text, this.#index === undefined ? {} : { schema: this.#index }).filter(
      (d) => d.severity === 'error' || d.severity === 'warning',
    );
    const first = problems[0];
    if (first === undefined) return '';
    return `Perhaps because ${first.message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}.`;
  }

  #marksOf(text: string): (hit: Hit) => readonly FieldHighlight[] {
    try {
      const matcher = compile(text, this.#index === undefined ? {} : { schema: this.#index });
      return (hit) => matcher.highlight(hit as never);
    } catch {
      return () => []; // a query the evaluator refuses still shows its results, unmarked
    }
  }

  #render(hits: readonly Hit[], marks: readonly (readonly FieldHighlight[])[]): void {
    const doc = this.ownerDocument;
    const head = this.#el('thead');
    const body = this.#el('tbody');
    const columns = columnsFor(hits, marks);
    const headRow = doc.createElement('tr');
    for (const column of columns) {
      const th = doc.createElement('th');
      th.scope = 'col';
      th.textContent = columnHeader(column);
      th.dataset.key = column;
      headRow.append(th);
    }
    head.replaceChildren(...(hits.length === 0 ? [] : [headRow]));
    body.replaceChildren(
      ...hits.map((hit, i) => {
        const row = doc.createElement('tr');
        for (const column of columns)
          row.append(
            cell(
              doc,
              hit[column],
              marks[i]!.filter((m) => m.field === column),
            ),
          );
        return row;
      }),
    );
    this.#el('[part="table-wrap"]').hidden = hits.length === 0;
  }

  #setStatus(text: string, state: 'idle' | 'busy' | 'done' | 'error'): void {
    const status = this.#el('[part="status"]');
    status.textContent = text;
    status.dataset.state = state;
    status.dataset.query = this.#text;
    status.dataset.page = String(this.#page);
    status.dataset.total = String(this.#total);
    this.dataset.state = state;
  }

  #reason(text: string): void {
    const reason = this.#el('[part="reason"]');
    reason.textContent = text;
    reason.hidden = text === '';
  }

  #follow(): void {
    this.#unfollow();
    const id = this.getAttribute('for');
    this.#source = id === null ? null : this.ownerDocument.getElementById(id);
    this.#source?.addEventListener('mdq-search', this.#onSearch);
    this.#source?.addEventListener('mdq-change', this.#onChange);
  }

  #unfollow(): void {
    this.#source?.removeEventListener('mdq-search', this.#onSearch);
    this.#source?.removeEventListener('mdq-change', this.#onChange);
    this.#source = null;
  }

  #el<T extends HTMLElement = HTMLElement>(selector: string): T {
    return this.shadowRoot!.querySelector<T>(selector)!;
  }
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `value` as text nodes with the spans in `<mark>`s. */
function marked(
  doc: Document,
  value: string,
  spans: readonly { start: number; end: number }[],
): Node[] {
  const out: Node[] = [];
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, span.start);
    const end = Math.min(value.length, span.end);
    if (end <= start) continue;
    if (start > at) out.push(doc.createTextNode(value.slice(at, start)));
    const mark = doc.createElement('mark');
    mark.textContent = value.slice(start, end);
    out.push(mark);
    at = end;
  }
  if (at < value.length) out.push(doc.createTextNode(value.slice(at)));
  return out;
}

function cell(
  doc: Document,
  value: unknown,
  marks: readonly FieldHighlight[],
): HTMLTableCellElement {
  const td = doc.createElement('td');
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (i > 0) td.append(', ');
      td.append(
        ...marked(
          doc,
          text(item),
          marks.filter((m) => m.valueIndex === i).flatMap((m) => m.spans),
        ),
      );
    });
  } else {
    td.append(
      ...marked(
        doc,
        text(value),
        marks.filter((m) => m.valueIndex === undefined).flatMap((m) => m.spans),
      ),
    );
  }
  return td;
}
