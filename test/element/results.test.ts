// @vitest-environment happy-dom
/**
 * `<mdq-results>` in a DOM (happy-dom) over a fake client: one row per hit, headers in
 * words, matched text marked, paging and page size, the status line naming the scope,
 * a reason beside "0 results", and no stale rows under an emptied box, a syntax error
 * or a failed search.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { columnHeader, MdqResults, type MdqSearchBox } from '../../src/element/index.js';
import { customerSchema } from '../../src/examples/index.js';
import { fakeClient, HITS, until } from './support.js';

function results(fail = false) {
  const { client, calls } = fakeClient(fail);
  const element = document.createElement('mdq-results');
  element.client = client;
  element.schemas = customerSchema;
  document.body.append(element);
  return { element, calls };
}

const rows = (element: MdqResults) =>
  [...element.shadowRoot!.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );
const headers = (element: MdqResults) =>
  [...element.shadowRoot!.querySelectorAll('thead th')].map((th) => th.textContent);
const status = (element: MdqResults) =>
  element.shadowRoot!.querySelector('[part="status"]')!.textContent;
const reason = (element: MdqResults) =>
  element.shadowRoot!.querySelector<HTMLElement>('[part="reason"]')!;

afterEach(() => {
  // The editors stop scheduling frames before the DOM goes.
  for (const box of document.querySelectorAll('mdq-search-box')) box.view?.destroy();
  document.body.replaceChildren();
});

describe('<mdq-results>', () => {
  it('shows one row per hit under headers in words, what matched marked, and where it searched', async () => {
    const { element, calls } = results();
    expect(customElements.get('mdq-results')).toBe(MdqResults);
    await element.show('[First Name] eq "Tim"', { businessArea: 'customer' });
    expect(calls).toEqual([
      {
        text: '[First Name] eq "Tim"',
        options: { businessArea: 'customer', from: 0, size: 25 },
      },
    ]);
    expect(headers(element).slice(0, 3)).toEqual(['Schema', 'Dataset', 'First Name']);
    expect(headers(element).at(-1)).toBe('Object id');
    expect(headers(element)).not.toContain('_schemaName');
    expect(rows(element)).toHaveLength(2);
    expect(rows(element).map((r) => r[2])).toEqual(['Tim', 'Tim']);
    const marks = [...element.shadowRoot!.querySelectorAll('tbody mark')].map((m) => m.textContent);
    expect(marks).toEqual(['Tim', 'Tim']);
    expect(status(element)).toBe('2 results in customer');
    expect(reason(element).hidden).toBe(true);
  });

  it('pages, and the page size is a choice', async () => {
    const { element, calls } = results();
    element.pageSize = 2;
    await element.show('*:*');
    const label = element.shadowRoot!.querySelector('[data-page="label"]')!;
    expect(label.textContent).toBe('Page 1 of 2');
    expect(rows(element)).toHaveLength(2);
    const next = element.shadowRoot!.querySelector<HTMLButtonElement>('[data-page="next"]')!;
    next.click();
    await until(() => label.textContent === 'Page 2 of 2');
    expect(rows(element)).toHaveLength(1);
    expect(next.disabled).toBe(true);
    expect(calls.at(-1)!.options).toEqual({ from: 2, size: 2 });
    const size = element.shadowRoot!.querySelector<HTMLSelectElement>('[data-page="size"]')!;
    expect([...size.options].map((o) => o.value)).toEqual(['10', '25', '50', '100', '2']);
    size.value = '10';
    size.dispatchEvent(new Event('change'));
    await until(() => label.textContent === 'Page 1 of 1');
    expect(rows(element)).toHaveLength(HITS.length);
  });

  it('says why a search found nothing, beside the count', async () => {
    const { element } = results();
    await element.show('[Fist Name] eq "Tim"');
    expect(status(element)).toBe('0 results in all business areas');
    expect(reason(element).hidden).toBe(false);
    expect(reason(element).textContent).toMatch(/^Perhaps because .*Fist Name/);
  });

  it('never leaves older rows under an emptied query, a syntax error or a failed search', async () => {
    const { element } = results();
    await element.show('*:*');
    expect(rows(element)).toHaveLength(3);
    await element.show('City:(Berlin');
    expect(rows(element)).toEqual([]);
    expect(status(element)).toBe('Fix the syntax errors to search.');
    await element.show('*:*');
    await element.show('');
    expect(rows(element)).toEqual([]);
    expect(status(element)).toBe('Type a query to search.');
    const failing = results(true).element;
    await failing.show('*:*');
    expect(rows(failing)).toEqual([]);
    expect(status(failing)).toBe('The search failed: HTTP 503');
  });

  it('follows the search box named by its for attribute: searches on mdq-search, clears when the box is emptied', async () => {
    const box = document.createElement('mdq-search-box') as MdqSearchBox;
    box.id = 'box';
    box.historyStorage = { load: () => [], save: () => {} };
    document.body.append(box);
    const { element } = results();
    element.setAttribute('for', 'box');
    box.value = '[First Name] eq "Tim"';
    box.search();
    await until(() => rows(element).length === 2);
    box.value = '';
    expect(rows(element)).toEqual([]);
    expect(status(element)).toBe('Type a query to search.');
  });
});

describe('column headers', () => {
  it('names the metadata in words and keeps field names as written', () => {
    expect(columnHeader('_schemaName')).toBe('Schema');
    expect(columnHeader('_dataObjectId')).toBe('Object id');
    expect(columnHeader('_someNewKey')).toBe('Some new key');
    expect(columnHeader('First Name')).toBe('First Name');
  });
});
