// @vitest-environment happy-dom
/**
 * `<mdq-search-box>` in a DOM (happy-dom): the editor in its shadow root as a
 * combobox, problems and fixes (one, and all safe ones), no problem for an empty box,
 * `mdq-search` / `mdq-change` / `mdq-diagnostics`, the history it keeps, the scope
 * from a client, and the address with `sync-url`. The browser suite (test/e2e)
 * drives the same element by keyboard in Chromium.
 */
import {
  CompletionContext,
  completionStatus,
  currentCompletions,
  startCompletion,
} from '@codemirror/autocomplete';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type DiagnosticsDetail,
  type HistoryStorage,
  MdqSearchBox,
  type SearchDetail,
} from '../../src/element/index.js';
import { historyCompletions } from '../../src/element/history.js';
import { customerSchema, exampleSchemas } from '../../src/examples/index.js';
import { fakeClient, until } from './support.js';

function memoryHistory(initial: string[] = []): HistoryStorage & { list: readonly string[] } {
  const store = {
    list: initial as readonly string[],
    load: () => store.list,
    save: (queries: readonly string[]) => void (store.list = queries),
  };
  return store;
}

function box(attributes: Record<string, string> = {}): MdqSearchBox {
  const element = document.createElement('mdq-search-box');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.historyStorage = memoryHistory();
  element.schemas = exampleSchemas;
  document.body.append(element);
  return element;
}

const problems = (element: MdqSearchBox) =>
  [...element.shadowRoot!.querySelectorAll<HTMLElement>('[part~="problem"]')].map(
    (li) => li.dataset.code,
  );

beforeEach(() => {
  history.replaceState(null, '', '/');
});
afterEach(() => {
  // The editors stop scheduling frames before the DOM goes.
  for (const box of document.querySelectorAll('mdq-search-box')) box.view?.destroy();
  document.body.replaceChildren();
});

describe('<mdq-search-box>', () => {
  it('is defined on import and holds the editor in its shadow root, as a combobox with a label', async () => {
    expect(customElements.get('mdq-search-box')).toBe(MdqSearchBox);
    const element = box({ label: 'Find customers', value: 'City:Berlin' });
    const content = element.shadowRoot!.querySelector('.cm-content')!;
    expect(content.getAttribute('role')).toBe('combobox');
    expect(content.getAttribute('aria-label')).toBe('Find customers');
    await until(() => content.hasAttribute('aria-expanded'));
    expect(content.getAttribute('aria-expanded')).toBe('false');
    expect(content.hasAttribute('aria-multiline')).toBe(false);
    expect(element.value).toBe('City:Berlin');
    await until(() => element.ready);
  });

  it('lists the problems with their fixes, and shows nothing for an empty box', () => {
    const element = box({ value: '[Fist Name] eq "Tim"' });
    expect(problems(element)).toEqual(['unknown-field']);
    const fix = element.shadowRoot!.querySelector<HTMLButtonElement>('[part~="fix"]')!;
    expect(fix.textContent).toBe('Did you mean "First Name"?');
    // That fix is not safe: no "apply all safe fixes" for it.
    expect(element.shadowRoot!.querySelector('[part="fix-all"]')).toBeNull();
    fix.click();
    expect(element.value).toBe('[First Name] eq "Tim"');
    expect(problems(element)).toEqual([]);
    element.value = '';
    expect(element.diagnostics).toEqual([]);
    expect(element.shadowRoot!.querySelector<HTMLElement>('[part="problems"]')!.hidden).toBe(true);
  });

  it('applies all safe fixes at once, and leaves the guesses alone', () => {
    const element = box({ value: 'Email:* AND Phone:* AND [Fist Name] eq "Tim"' });
    expect(problems(element)).toEqual(['leading-wildcard', 'leading-wildcard', 'unknown-field']);
    element.shadowRoot!.querySelector<HTMLButtonElement>('[part="fix-all"]')!.click();
    expect(element.value).toBe('_exists_:Email AND _exists_:Phone AND [Fist Name] eq "Tim"');
    expect(problems(element)).toEqual(['unknown-field']);
    expect(element.applySafeFixes()).toBe(false);
  });

  it('emits mdq-change as the text changes, mdq-diagnostics with the verdict, mdq-search with text, tree and scope', () => {
    const element = box();
    const seen: string[] = [];
    let searched: SearchDetail | undefined;
    let verdict: DiagnosticsDetail | undefined;
    element.addEventListener('mdq-change', (e) => seen.push(e.detail.text));
    element.addEventListener('mdq-diagnostics', (e) => void (verdict = e.detail));
    element.addEventListener('mdq-search', (e) => void (searched = e.detail));
    element.value = 'City:Berlin';
    expect(seen).toEqual(['City:Berlin']);
    expect(verdict).toEqual({ text: 'City:Berlin', diagnostics: [] });
    element.scope = { businessArea: 'customer' };
    element.search();
    expect(searched?.text).toBe('City:Berlin');
    expect(searched?.valid).toBe(true);
    expect(searched?.tree.body?.kind).toBe('Field');
    expect(searched?.scope).toEqual({ businessArea: 'customer' });
    element.value = 'City:(Berlin';
    element.search();
    expect(searched?.valid).toBe(false);
  });

  it('keeps valid searches in its history, most recent first, once each', () => {
    const element = box();
    const storage = memoryHistory(['Age:40']);
    element.historyStorage = storage;
    for (const q of ['City:Berlin', 'City:(', 'Age:40', 'City:Berlin', '']) {
      element.value = q;
      element.search();
    }
    expect(storage.list).toEqual(['City:Berlin', 'Age:40']);
    expect(element.recentQueries).toEqual(['City:Berlin', 'Age:40']);
  });

  it('keeps the history in localStorage under history-key by default', () => {
    localStorage.removeItem('my-history');
    const element = document.createElement('mdq-search-box');
    element.setAttribute('history-key', 'my-history');
    document.body.append(element);
    element.value = 'Age:40';
    element.search();
    expect(JSON.parse(localStorage.getItem('my-history')!)).toEqual(['Age:40']);
  });

  it('loads the schemas and the scope pickers from a client, and searches again when the scope changes', async () => {
    const { client } = fakeClient();
    const element = document.createElement('mdq-search-box');
    element.setAttribute('scope-pickers', '');
    element.historyStorage = memoryHistory();
    element.client = client;
    document.body.append(element);
    await until(() => element.ready);
    const root = element.shadowRoot!;
    expect(root.querySelector('[part="status"]')!.textContent).toBe('1 business areas, 1 schemas');
    expect(root.querySelector<HTMLElement>('[part="scope"]')!.hidden).toBe(false);
    // The client's schema checks the query.
    element.value = '[Fist Name] eq "Tim"';
    expect(problems(element)).toEqual(['unknown-field']);
    element.value = 'Age:40';
    const scopes: unknown[] = [];
    element.addEventListener('mdq-search', (e) => scopes.push(e.detail.scope));
    const area = root.querySelector<HTMLSelectElement>('select[data-scope="businessArea"]')!;
    area.value = 'customer';
    area.dispatchEvent(new Event('change'));
    await until(() => scopes.length === 1);
    expect(scopes).toEqual([{ businessArea: 'customer' }]);
    const schema = root.querySelector<HTMLSelectElement>('select[data-scope="schema"]')!;
    expect([...schema.options].map((o) => o.text)).toEqual(['All schemas', customerSchema.name]);
    schema.value = customerSchema.name;
    schema.dispatchEvent(new Event('change'));
    await until(() => scopes.length === 2);
    const dataSet = root.querySelector<HTMLSelectElement>('select[data-scope="dataSet"]')!;
    await until(() => dataSet.options.length === 2);
    expect(element.scope).toEqual({ businessArea: 'customer', schema: 'Customer' });
  });

  it("lists a schema's datasets once, however often the scope changes; a new client lists them again", async () => {
    const first = fakeClient();
    const element = document.createElement('mdq-search-box');
    element.setAttribute('scope-pickers', '');
    element.historyStorage = memoryHistory();
    element.client = first.client;
    document.body.append(element);
    await until(() => element.ready);
    const root = element.shadowRoot!;
    const select = (key: string) =>
      root.querySelector<HTMLSelectElement>(`select[data-scope="${key}"]`)!;
    const choose = async (key: string, value: string) => {
      select(key).value = value;
      select(key).dispatchEvent(new Event('change'));
      await until(() => select('dataSet').options.length === (element.scope.schema ? 2 : 1));
    };
    await choose('businessArea', 'customer');
    await choose('schema', customerSchema.name);
    expect(first.dataSetLists).toEqual(['b1/s1']);
    await choose('dataSet', 'Retail Customers');
    await choose('dataSet', '');
    await choose('schema', '');
    await choose('schema', customerSchema.name);
    element.scope = {
      businessArea: 'customer',
      schema: customerSchema.name,
      dataSet: 'Retail Customers',
    };
    await until(() => select('dataSet').value === 'Retail Customers');
    expect(first.dataSetLists).toEqual(['b1/s1']);
    // Another client may see other datasets: its lists are its own.
    const second = fakeClient();
    element.client = second.client;
    await until(() => second.dataSetLists.length === 1);
    expect(second.dataSetLists).toEqual(['b1/s1']);
    expect(first.dataSetLists).toEqual(['b1/s1']);
  });

  it('with sync-url, reads the query and scope from the address and writes them back on search', async () => {
    history.replaceState(null, '', '/?q=City%3ABerlin&businessArea=customer&keep=1');
    const element = document.createElement('mdq-search-box');
    element.setAttribute('sync-url', '');
    element.historyStorage = memoryHistory();
    const searched: string[] = [];
    element.addEventListener('mdq-search', (e) => searched.push(e.detail.text));
    document.body.append(element);
    expect(element.value).toBe('City:Berlin');
    expect(element.scope).toEqual({ businessArea: 'customer' });
    // A bookmarked search runs as soon as the box is ready.
    await until(() => element.ready);
    expect(searched).toEqual(['City:Berlin']);
    element.value = '[First Name] eq "Tim"';
    element.search();
    const params = new URL(location.href).searchParams;
    expect(params.get('q')).toBe('[First Name] eq "Tim"');
    expect(params.get('businessArea')).toBe('customer');
    expect(params.get('keep')).toBe('1');
  });
});

describe('history and saved searches as completions', () => {
  const source = historyCompletions({
    recent: () => ['City:Berlin', 'Age:40', '[First Name] eq "Tim"'],
    saved: () => [{ name: 'Adults in Berlin', query: 'City:Berlin AND [Age] ge 18' }],
  });
  const at = (doc: string, explicit = false, pos = doc.length) => {
    const element = box({ value: doc });
    return source(new CompletionContext(element.view!.state, pos, explicit));
  };

  it('offers every recent and saved search in an empty box, recent first, each replacing the query', () => {
    const result = at('')!;
    expect(result.options.map((o) => o.label)).toEqual([
      'City:Berlin',
      'Age:40',
      '[First Name] eq "Tim"',
      'Adults in Berlin',
    ]);
    expect(result.options.map((o) => o.detail)).toEqual([
      'recent',
      'recent',
      'recent',
      'City:Berlin AND [Age] ge 18',
    ]);
    expect(result.filter).toBe(false);
  });

  it('filters them by what is typed: a start while typing, anywhere when asked', () => {
    expect(at('cit')!.options.map((o) => o.label)).toEqual(['City:Berlin', 'Adults in Berlin']);
    expect(at('berlin')).toBeNull();
    expect(at('berlin', true)!.options.map((o) => o.label)).toEqual([
      'City:Berlin',
      'Adults in Berlin',
    ]);
    // Inside a query, only when asked.
    expect(at('City:Berlin AND x', false, 4)).toBeNull();
  });

  it("head the editor's list when it opens on an empty box (CodeMirror knows a source by identity: one source for the editor's life)", async () => {
    const element = box();
    element.historyStorage = memoryHistory(['[Age] ge 30']);
    element.savedSearches = [{ name: 'Adults in Berlin', query: 'City:Berlin AND [Age] ge 18' }];
    startCompletion(element.view!);
    await until(() => completionStatus(element.view!.state) === 'active');
    expect(
      currentCompletions(element.view!.state)
        .map((c) => c.label)
        .slice(0, 3),
    ).toEqual(['[Age] ge 30', 'Adults in Berlin', 'Customer ID']);
  });

  it('replaces the whole query with the chosen one', () => {
    const element = box({ value: 'adu' });
    const view = element.view!;
    const result = source(new CompletionContext(view.state, 3, true))!;
    const saved = result.options.find((o) => o.label === 'Adults in Berlin')!;
    (saved.apply as (v: typeof view) => void)(view);
    expect(element.value).toBe('City:Berlin AND [Age] ge 18');
  });
});
