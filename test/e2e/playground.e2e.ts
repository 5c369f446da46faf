/**
 * The playground in Chromium (built on <mdq-search-box> and <mdq-results>): completion
 * while typing, accepting with the keyboard, a diagnostic under a misspelt field and its
 * fix, results that follow the query, paging, format, the multi-line editor, a narrow
 * screen, axe-core's verdict, and each rough edge issue 27 listed, gone.
 * Each test leaves a screenshot in test-results/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { highlight } from 'mdq/completion';
import {
  completionLabels,
  completionSettled,
  editor,
  launch,
  openPlayground,
  problemCodes,
  queryText,
  resultsState,
  screenshot,
  seriousViolations,
  submit,
  typeQuery,
} from './browser.js';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await page?.close();
  page = await openPlayground(browser);
});

/** Moves the cursor (and the view) to `at`, through the box's editor view. */
function moveTo(page: Page, at: number): Promise<void> {
  return page.evaluate((at) => {
    document
      .querySelector('mdq-search-box')!
      .view!.dispatch({ selection: { anchor: at }, scrollIntoView: true });
  }, at);
}

/** Compares the mdq class of each character the editor shows (from the DOM) with what a full highlight of `text` says; returns how many were checked. */
async function shownAsFullHighlight(page: Page, text: string): Promise<number> {
  const shown = await page.evaluate(() => {
    const view = document.querySelector('mdq-search-box')!.view!;
    const out: [number, number, string][] = [];
    const walker = document.createTreeWalker(view.contentDOM, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const marked = node.parentElement?.closest('[class*="cm-mdq-"]');
      const cls = marked
        ? [...marked.classList].find((c) => c.startsWith('cm-mdq-'))!.slice(7)
        : '';
      out.push([view.posAtDOM(node, 0), node.textContent!.length, cls]);
    }
    return out;
  });
  const classAt = new Map<number, string>();
  for (const t of highlight(text)) for (let i = t.start; i < t.end; i++) classAt.set(i, t.class);
  let checked = 0;
  for (const [from, length, cls] of shown) {
    for (let i = from; i < from + length; i++, checked++)
      if (!/\s/.test(text[i]!)) expect(cls, `offset ${i}`).toBe(classAt.get(i) ?? '');
  }
  return checked;
}

describe('the playground in Chromium', () => {
  it('completes field names while a query is typed character by character', async () => {
    await typeQuery(page, 'Cit');
    await expect.poll(() => completionLabels(page)).toContain('City');
    await page.keyboard.type('y');
    await expect.poll(() => completionLabels(page)).toContain('City');
    await screenshot(page, 'completion');
  });

  it('accepts a completion with the keyboard, then offers what comes next', async () => {
    await typeQuery(page, 'Countr');
    await expect.poll(() => completionLabels(page)).toContain('Country');
    const labels = await completionLabels(page);
    for (let i = 0; i < labels.indexOf('Country'); i++) await page.keyboard.press('ArrowDown');
    await expect(
      page
        .locator('.cm-tooltip-autocomplete li[aria-selected="true"] .cm-completionLabel')
        .textContent(),
    ).resolves.toBe('Country');
    await completionSettled(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => queryText(page)).toMatch(/^Country:|^\[Country\] /);
    // Enter accepted the item: no search was submitted with half a query, and no newline was inserted.
    expect(await page.locator('.cm-line').count()).toBe(1);
    await expect.poll(() => completionLabels(page)).not.toEqual([]);
    await screenshot(page, 'completion-accepted');
  });

  it('offers values from the service for a field the schema has none for, after a pause in typing', async () => {
    await typeQuery(page, 'City:Ber');
    // The schema knows no cities: the list comes from the page's value provider, a search on the emulator.
    await expect.poll(() => completionLabels(page)).toContain('Berlin');
    await page.keyboard.type('l');
    // The service's value, after the saved search whose query starts the same way.
    await expect.poll(() => completionLabels(page)).toEqual(['Adults in Berlin', 'Berlin']);
    await completionSettled(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => queryText(page)).toBe('City:Berlin');
    await screenshot(page, 'values');
  });

  it('shows what a field is when the pointer rests on it', async () => {
    await typeQuery(page, '[Status] eq "ACT"');
    await page.keyboard.press('Escape');
    await page.locator('.cm-mdq-field', { hasText: 'Status' }).hover();
    const tooltip = page.locator('.cm-tooltip-hover .cm-mdq-hover');
    await expect.poll(() => tooltip.textContent()).toContain('Status');
    expect(await tooltip.textContent()).toContain('picklist');
    await screenshot(page, 'hover');
  });

  it('shows the same description from the keyboard: Ctrl+K then Ctrl+I at the cursor, Escape closes it', async () => {
    await typeQuery(page, '[Status] eq "ACT"');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Control+k');
    await page.keyboard.press('Control+i');
    // The keyboard's tooltip is a tooltip of its own (the pointer's sit inside .cm-tooltip-hover).
    const tooltip = page.locator('.cm-tooltip.cm-mdq-hover');
    await expect.poll(() => tooltip.textContent()).toContain('Status');
    expect(await tooltip.textContent()).toContain('picklist');
    // The keys described; they typed nothing, and the focus stayed in the editor.
    expect(await queryText(page)).toBe('[Status] eq "ACT"');
    expect(
      await page.evaluate(() => document.querySelector('mdq-search-box')!.view!.hasFocus),
    ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'hover-keyboard');
    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip.count()).toBe(0);
    // At the end of the value, its reading is described.
    await page.keyboard.press('End');
    await page.keyboard.press('Control+k');
    await page.keyboard.press('Control+i');
    await expect.poll(() => tooltip.textContent()).toContain('Active');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tooltip.count()).toBe(0);
  });

  it('marks a misspelt field, lists the problem, and applies its fix', async () => {
    await typeQuery(page, '[Fist Name] eq "Tim"');
    await page.keyboard.press('Escape');
    const mark = page.locator('.cm-lintRange-warning');
    await expect.poll(() => mark.count()).toBeGreaterThan(0);
    expect(await mark.first().textContent()).toBe('[Fist Name]');
    const problem = page.locator('mdq-search-box [part~="problem"]', {
      hasText: 'unknown-field',
    });
    await expect.poll(() => problem.count()).toBe(1);
    await screenshot(page, 'diagnostic');
    // The closest name is a guess at a typo: the button and the editor's action ask, without a warning.
    const fix = problem.getByRole('button', {
      name: 'Did you mean "First Name"?',
      exact: true,
    });
    await mark.first().hover();
    await expect
      .poll(() => page.locator('.cm-tooltip-lint .cm-diagnosticAction').allTextContents())
      .toContain('Did you mean "First Name"?');
    await fix.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => queryText(page)).toBe('[First Name] eq "Tim"');
    await expect
      .poll(() => page.locator('.cm-lintRange-warning, .cm-lintRange-error').count())
      .toBe(0);
    await expect.poll(() => problemCodes(page)).toEqual([]);
    await screenshot(page, 'diagnostic-fixed');
  });

  it('names a fix that keeps the meaning plainly', async () => {
    await typeQuery(page, 'Email:*');
    await page.keyboard.press('Escape');
    const problem = page.locator('mdq-search-box [part~="problem"]', {
      hasText: 'leading-wildcard',
    });
    await expect
      .poll(() => problem.getByRole('button').allTextContents())
      .toEqual(['Write _exists_:Email']);
    await problem.getByRole('button').click();
    await expect.poll(() => queryText(page)).toBe('_exists_:Email');
  });

  it("talks to the service through mdq's client: one token, sent alone, lists followed page by page", async () => {
    const requests: { method: string; path: string; authorization: string | undefined }[] = [];
    const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    fresh.on('request', (r) =>
      requests.push({
        method: r.method(),
        path: new URL(r.url()).pathname + new URL(r.url()).search,
        authorization: r.headers().authorization,
      }),
    );
    await fresh.goto(page.url());
    await fresh.waitForSelector('body[data-ready="true"]');
    await fresh.waitForSelector('mdq-results [part="status"][data-state="done"]');
    const api = requests.filter(
      (r) => r.path.startsWith('/v1/') || r.path.startsWith('/dataobjects/'),
    );
    expect(requests.filter((r) => r.path === '/oauth2/token').map((r) => r.method)).toEqual([
      'POST',
    ]);
    expect(api.length).toBeGreaterThan(3);
    for (const r of api) expect(r.authorization, r.path).toMatch(/^(?!Bearer )\S+$/);
    expect(new Set(api.map((r) => r.authorization)).size).toBe(1);
    // The scope picker was filled from those lists, and the first search went through the client too.
    const picker = (key: string) => fresh.locator(`mdq-search-box select[data-scope="${key}"]`);
    expect(await picker('businessArea').locator('option').allTextContents()).toEqual([
      'All business areas',
      'customer',
      'product',
      'supplier',
    ]);
    expect(
      api.some((r) => r.path.startsWith('/dataobjects/search?') && r.path.includes('size=25')),
    ).toBe(true);
    // Choosing a schema lists its datasets; the emulator pages lists two at a time, and the client followed nextPageKey.
    await picker('businessArea').selectOption({ label: 'customer' });
    await picker('schema').selectOption({ label: 'Customer' });
    await expect
      .poll(() => picker('dataSet').locator('option').allTextContents())
      .toEqual(['All datasets', 'Retail Customers', 'Wholesale Customers', 'Customer Archive']);
    const lists = requests.filter((r) => /\/datasets(\?|$)/.test(r.path));
    expect(lists.length).toBe(2);
    expect(lists[1]!.path).toMatch(/\/datasets\?pageKey=/);
    expect(requests.filter((r) => r.path === '/oauth2/token')).toHaveLength(1);
    await picker('dataSet').selectOption({ label: 'Wholesale Customers' });
    await expect.poll(async () => (await resultsState(fresh)).text).toMatch(/Wholesale Customers/);
    await expect
      .poll(() =>
        requests.some(
          (r) =>
            r.path.startsWith('/dataobjects/search?') &&
            r.path.includes('dataSet=Wholesale+Customers'),
        ),
      )
      .toBe(true);
    await fresh.close();
  });

  it('searches on Enter: the results and the total follow the query', async () => {
    await typeQuery(page, '*:*');
    const everything = await submit(page, '*:*');
    expect(everything).toBeGreaterThan(3);
    expect((await resultsState(page)).text).toBe(
      `${everything.toLocaleString('en')} results in all business areas`,
    );
    await typeQuery(page, '[First Name] eq "Tim"');
    const tims = await submit(page, '[First Name] eq "Tim"');
    expect(tims).toBeGreaterThan(0);
    expect(tims).toBeLessThan(everything);
    expect((await resultsState(page)).text).toBe(
      `${tims} ${tims === 1 ? 'result' : 'results'} in all business areas`,
    );
    const rows = page.locator('mdq-results tbody tr');
    expect(await rows.count()).toBe(Math.min(25, tims));
    const firstNames = await page
      .locator(
        'mdq-results tbody tr td:nth-child(' +
          ((await page.locator('mdq-results thead th').allTextContents()).indexOf('First Name') +
            1) +
          ')',
      )
      .allTextContents();
    expect(firstNames.every((name) => name === 'Tim')).toBe(true);
    // The evaluator marks what matched: the first names, and nothing else.
    const marks = await page.locator('mdq-results tbody mark').allTextContents();
    expect(marks.length).toBe(Math.min(25, tims));
    expect(new Set(marks)).toEqual(new Set(['Tim']));
    await screenshot(page, 'results');
  });

  it('pages through the results with the keyboard, 25 rows a page by default, and the page size is a choice', async () => {
    await typeQuery(page, '*:*');
    const total = await submit(page, '*:*');
    const pages = Math.ceil(total / 25);
    expect(pages).toBeGreaterThan(1);
    const label = page.locator('mdq-results [data-page="label"]');
    expect(await label.textContent()).toBe(`Page 1 of ${pages.toLocaleString('en')}`);
    expect(await page.locator('mdq-results tbody tr').count()).toBe(25);
    const firstPage = await page.locator('mdq-results tbody tr').first().textContent();
    await page.locator('mdq-results [data-page="next"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => label.textContent()).toBe(`Page 2 of ${pages.toLocaleString('en')}`);
    expect(await page.locator('mdq-results tbody tr').first().textContent()).not.toBe(firstPage);
    await page.locator('mdq-results [data-page="prev"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => label.textContent()).toBe(`Page 1 of ${pages.toLocaleString('en')}`);
    expect(await page.locator('mdq-results tbody tr').first().textContent()).toBe(firstPage);
    await page.locator('mdq-results [data-page="size"]').selectOption('100');
    await expect
      .poll(() => label.textContent())
      .toBe(`Page 1 of ${Math.ceil(total / 100).toLocaleString('en')}`);
    expect(await page.locator('mdq-results tbody tr').count()).toBe(100);
    await screenshot(page, 'paging');
  });

  it('formats the query on Shift+Alt+F, and shows the canonical form, the builder code and the tree', async () => {
    await typeQuery(page, 'city:Berlin && [Age] ge 18 || VIP:Y');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Alt+F');
    await expect.poll(() => queryText(page)).toBe('(city:Berlin AND [Age] ge 18) OR VIP:Y');
    // The panels follow the box after a pause in typing, as the problems do.
    await expect
      .poll(() => page.locator('#canonical').textContent())
      .toBe('(city:Berlin AND [Age] ge 18) OR VIP:Y');
    const builder = (await page.locator('#builder').textContent())!.replace(/\s+|,(?=\s*\))/g, '');
    expect(builder).toContain(
      "exportconstq=query(or(and(equals('city','Berlin'),field('Age').ge(18)),equals('VIP','Y')));",
    );
    expect(await page.locator('#tree button.node').first().textContent()).toMatch(/^Query 0–/);
    await screenshot(page, 'format');
  });

  it('highlights a long query where it is shown, exactly as a full highlight, while it is edited', async () => {
    await page.locator('#multiline').check();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('mdq-search-box')!.mode))
      .toBe('multi-line');
    const lines = Array.from(
      { length: 1200 },
      (_, i) => `City:c${i} AND [Age] ge ${i} OR "new york"~2`,
    );
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(lines.join('\n'));
    await page.keyboard.press('Escape');
    const compare = () => shownAsFullHighlight(page, lines.join('\n'));
    const middle = lines.slice(0, 600).join('\n').length;
    await moveTo(page, middle);
    expect(await compare()).toBeGreaterThan(500);
    // An unclosed quote in the middle makes the rest one phrase; closing it gives the clauses back.
    await page.keyboard.type(' AND "open');
    lines[599] += ' AND "open';
    await expect.poll(compare).toBeGreaterThan(500);
    await page.keyboard.type('"');
    lines[599] += '"';
    await expect.poll(compare).toBeGreaterThan(500);
    await moveTo(page, lines.join('\n').length);
    await expect.poll(compare).toBeGreaterThan(500);
    await screenshot(page, 'long-query', false);
  });

  it('highlights an id list in one group (cut inside) where it is shown, exactly as a full highlight, while it is edited', async () => {
    await page.locator('#multiline').check();
    const ids = Array.from({ length: 3000 }, (_, i) => `C${String(i).padStart(7, '0')}`);
    let text = `_dataObjectId:(${ids.map((id, i) => (i % 10 === 9 ? `${id}\n` : id)).join(' OR ')})`;
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(text);
    await page.keyboard.press('Escape');
    const middle = text.indexOf(' OR ', text.length >> 1);
    await moveTo(page, middle);
    expect(await shownAsFullHighlight(page, text)).toBeGreaterThan(500);
    // An unclosed quote in the middle makes the rest one phrase (the group is not closed then); closing it cuts the group again.
    await page.keyboard.type(' "open');
    text = `${text.slice(0, middle)} "open${text.slice(middle)}`;
    await expect.poll(() => shownAsFullHighlight(page, text)).toBeGreaterThan(500);
    await page.keyboard.type('"');
    text = `${text.slice(0, middle + 6)}"${text.slice(middle + 6)}`;
    await expect.poll(() => shownAsFullHighlight(page, text)).toBeGreaterThan(500);
    await moveTo(page, text.length - 1);
    await page.keyboard.type('x');
    text = `${text.slice(0, -1)}x)`;
    await expect.poll(() => shownAsFullHighlight(page, text)).toBeGreaterThan(500);
  });

  it('edits several lines in the multi-line editor, where Enter breaks the line', async () => {
    await page.locator('#multiline').check();
    await typeQuery(page, 'a');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await page.keyboard.type('OR b');
    await expect.poll(() => queryText(page)).toBe('a\nOR b');
    await screenshot(page, 'multiline');
  });

  it('is usable at 320 px wide: nothing wider than the screen but the tables inside their scroll box', async () => {
    const narrow = await openPlayground(browser, { width: 320, height: 800 });
    const overflow = await narrow.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(narrow, 'narrow');
    await narrow.close();
  });

  it('has no serious or critical accessibility violations in its main states', async () => {
    expect(await seriousViolations(page)).toEqual([]);
    await typeQuery(page, 'Cit');
    await expect.poll(() => completionLabels(page)).toContain('City');
    expect(await seriousViolations(page)).toEqual([]);
    await typeQuery(page, '[Fist Name] eq "Tim"');
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await problemCodes(page)).length).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'accessibility');
  });
});

describe("the playground's rough edges (issue 27), gone", () => {
  it('clears the results under an emptied box and a syntax error, and says why', async () => {
    expect(await page.locator('mdq-results tbody tr').count()).toBeGreaterThan(0);
    await typeQuery(page, 'City:(Berlin');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await resultsState(page)).text)
      .toBe('Fix the syntax errors to search.');
    expect(await page.locator('mdq-results tbody tr').count()).toBe(0);
    await typeQuery(page, '');
    await expect.poll(async () => (await resultsState(page)).text).toBe('Type a query to search.');
    expect(await page.locator('mdq-results tbody tr').count()).toBe(0);
    // An empty box is no problem: no WARNING while the person is about to type (the problems
    // follow the text after a pause, so the last text's may show a moment longer).
    await expect.poll(() => problemCodes(page)).toEqual([]);
    expect(await page.locator('.cm-lintRange-warning').count()).toBe(0);
  });

  it('says why a search found nothing, beside the count', async () => {
    await typeQuery(page, '[Fist Name] eq "Tim"');
    expect(await submit(page, '[Fist Name] eq "Tim"')).toBe(0);
    const reason = page.locator('mdq-results [part="reason"]');
    await expect.poll(() => reason.textContent()).toMatch(/^Perhaps because .*Fist Name/);
    expect(await reason.isVisible()).toBe(true);
  });

  it('names the columns in words, and the scope in which the count was taken', async () => {
    const headers = await page.locator('mdq-results thead th').allTextContents();
    expect(headers.slice(0, 2)).toEqual(['Schema', 'Dataset']);
    expect(headers.some((h) => h.startsWith('_'))).toBe(false);
    expect((await resultsState(page)).text).toMatch(/ results? in all business areas$/);
    await page.locator('mdq-search-box select[data-scope="businessArea"]').selectOption('customer');
    await expect
      .poll(async () => (await resultsState(page)).text)
      .toMatch(/ results? in customer$/);
  });

  it('does not colour smart quotes as a string', async () => {
    await typeQuery(page, 'City:“Berlin”');
    await page.keyboard.press('Escape');
    await expect.poll(() => queryText(page)).toBe('City:“Berlin”');
    expect(await page.locator('mdq-search-box .cm-mdq-string').count()).toBe(0);
  });

  it("offers a picklist's own values (the service's lookups are for fields without a list: test/element/values.test.ts)", async () => {
    await typeQuery(page, '[Status] eq "A');
    await expect.poll(() => completionLabels(page)).toContain('ACT');
    expect(await completionLabels(page)).not.toContain('ACTIVE');
  });

  it('joins the lines when the multi-line editor is unchecked', async () => {
    await page.locator('#multiline').check();
    await typeQuery(page, 'a');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await page.keyboard.type('OR b');
    await expect.poll(() => queryText(page)).toBe('a\nOR b');
    await page.locator('#multiline').uncheck();
    await expect.poll(() => queryText(page)).toBe('a OR b');
  });

  it('shows the eighth completion item whole, and keeps the tooltips off the scope pickers', async () => {
    await typeQuery(page, '');
    await page.keyboard.press('Control+Space');
    await completionSettled(page);
    const list = page.locator('.cm-tooltip-autocomplete > ul');
    const items = list.locator('li');
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(8);
    const box = (await list.boundingBox())!;
    const eighth = (await items.nth(7).boundingBox())!;
    expect(eighth.y + eighth.height).toBeLessThanOrEqual(box.y + box.height + 0.5);
    await typeQuery(page, '[Fist Name] eq "Tim"');
    await page.keyboard.press('Escape');
    const mark = page.locator('.cm-lintRange-warning').first();
    await expect.poll(() => mark.count()).toBe(1);
    await mark.hover();
    const tooltip = page.locator('.cm-tooltip-lint');
    await expect.poll(() => tooltip.count()).toBeGreaterThan(0);
    const pickers = (await page.locator('mdq-search-box [part="scope"]').boundingBox())!;
    const shown = (await tooltip.first().boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(pickers.y + pickers.height);
    await screenshot(page, 'tooltip-below-scope');
  });

  it('wraps long lines in the builder code panel', async () => {
    const clauses = Array.from({ length: 12 }, (_, i) => `[First Name] eq "Name${i}"`).join(' OR ');
    await editor(page).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(clauses);
    await expect.poll(() => page.locator('#builder').textContent()).toContain('Name11');
    const overflow = await page
      .locator('#builder')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
