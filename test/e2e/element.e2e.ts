/**
 * `<mdq-search-box>` and `<mdq-results>` on their own page, and `<MdqSearchBox />` in a
 * React page, in Chromium, by keyboard only: search with completion, recall from the
 * history, a saved search, the fixes (all safe ones at once; the one at the cursor; the
 * problems panel), the address round trip, and axe-core's verdict in each state.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  completionLabels,
  completionSettled,
  launch,
  openPage,
  problemCodes,
  queryText,
  resultsState,
  screenshot,
  seriousViolations,
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
  page = await openPage(browser, 'element.html', { results: false });
});

const searched = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { searches: { text: string }[] }).searches.map((s) => s.text),
  );

/** Tab from the top of the page into the box: the keyboard's way in. */
async function tabIntoBox(page: Page): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    const inEditor = await page.evaluate(
      () =>
        document
          .querySelector('mdq-search-box')!
          .shadowRoot!.activeElement?.classList.contains('cm-content') === true,
    );
    if (inEditor) return;
  }
  throw new Error('Tab never reached the editor');
}

async function clearBox(page: Page): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect.poll(() => queryText(page)).toBe('');
}

describe('<mdq-search-box> by keyboard', () => {
  it('searches with completion, keyboard only, and the results follow', async () => {
    expect(await seriousViolations(page)).toEqual([]);
    await tabIntoBox(page);
    for (const ch of 'Cit') await page.keyboard.type(ch);
    await expect.poll(() => completionLabels(page)).toContain('City');
    const content = page.locator('mdq-search-box .cm-content');
    expect(await content.getAttribute('role')).toBe('combobox');
    expect(await content.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    const labels = await completionLabels(page);
    for (let i = 0; i < labels.indexOf('City'); i++) await page.keyboard.press('ArrowDown');
    await completionSettled(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => queryText(page)).toMatch(/^City:/);
    await page.keyboard.type('Berlin');
    await page.keyboard.press('Escape');
    await expect.poll(() => content.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => searched(page)).toEqual(['City:Berlin']);
    await expect.poll(async () => (await resultsState(page)).state).toBe('done');
    expect((await resultsState(page)).total).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'element-search');
  });

  it('recalls a recent search in the emptied box, and a saved search on Alt+Down, filtered as typed', async () => {
    await tabIntoBox(page);
    await page.keyboard.type('[Age] ge 30');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect.poll(() => searched(page)).toEqual(['[Age] ge 30']);
    await clearBox(page);
    // The emptied box offers the history first, then the saved searches.
    await expect.poll(() => completionLabels(page)).toContain('[Age] ge 30');
    expect((await completionLabels(page)).slice(0, 3)).toEqual([
      '[Age] ge 30',
      'Adults in Berlin',
      'Active customers',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'element-history');
    await completionSettled(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => queryText(page)).toBe('[Age] ge 30');
    // Alt+Down with text: the saved searches whose name or query holds it.
    await clearBox(page);
    await page.keyboard.press('Escape');
    await page.keyboard.type('adul');
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => completionLabels(page)).toContain('Adults in Berlin');
    expect(await completionLabels(page)).not.toContain('Active customers');
    const labels = await completionLabels(page);
    for (let i = 0; i < labels.indexOf('Adults in Berlin'); i++)
      await page.keyboard.press('ArrowDown');
    await completionSettled(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => queryText(page)).toBe('City:Berlin AND [Age] ge 18');
  });

  it('applies all safe fixes from the keyboard, then the fix at the cursor, and opens the problems panel', async () => {
    await tabIntoBox(page);
    await page.keyboard.type('Email:* AND [Fist Name] eq "Tim"');
    await page.keyboard.press('Escape');
    await expect.poll(() => problemCodes(page)).toEqual(['leading-wildcard', 'unknown-field']);
    expect(await seriousViolations(page)).toEqual([]);
    // Tab leaves the editor for the Search button, then the fix-all button.
    const fixAll = page.locator('mdq-search-box [part="fix-all"]');
    for (let i = 0; i < 5 && !(await fixAll.evaluate((b) => b.matches(':focus'))); i++)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => queryText(page)).toBe('_exists_:Email AND [Fist Name] eq "Tim"');
    await expect.poll(() => problemCodes(page)).toEqual(['unknown-field']);
    // The focus went back to the editor; Ctrl+. on a guess opens the panel instead of guessing.
    // The lint marks follow the fix after the lint delay; Ctrl+. reads them.
    await expect.poll(() => page.locator('mdq-search-box .cm-lintRange-warning').count()).toBe(1);
    expect(
      await page.evaluate(() => document.querySelector('mdq-search-box')!.view!.hasFocus),
    ).toBe(true);
    await page.keyboard.press('Home');
    for (let i = 0; i < '_exists_:Email AND [Fi'.length; i++)
      await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ControlOrMeta+.');
    const panel = page.locator('mdq-search-box .cm-panel-lint');
    await expect.poll(() => panel.count()).toBe(1);
    expect(await panel.locator('.cm-diagnosticAction').allTextContents()).toContain(
      'Did you mean "First Name"?',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'element-problems-panel');
    await page.keyboard.press('Escape');
    // Ctrl+Shift+M opens the same panel; F8 moves to the problem. (A keyboard sends "M" with Shift: Playwright's "Shift+m" sends "m".)
    await page.locator('mdq-search-box .cm-content').focus();
    await page.keyboard.press('F8');
    await page.keyboard.press('ControlOrMeta+Shift+M');
    await expect.poll(() => panel.count()).toBe(1);
  });

  it('puts the query and scope in the address, and a bookmarked address brings them back with the results', async () => {
    await page.locator('mdq-search-box select[data-scope="businessArea"]').selectOption('customer');
    await tabIntoBox(page);
    await page.keyboard.type('[First Name] eq "Tim"');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('q'))
      .toBe('[First Name] eq "Tim"');
    expect(new URL(page.url()).searchParams.get('businessArea')).toBe('customer');
    await expect.poll(async () => (await resultsState(page)).state).toBe('done');
    const total = (await resultsState(page)).total;
    const bookmarked = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await bookmarked.goto(page.url());
    await bookmarked.waitForSelector('mdq-results [part="status"][data-state="done"]');
    expect(await queryText(bookmarked)).toBe('[First Name] eq "Tim"');
    expect(
      await bookmarked.locator('mdq-search-box select[data-scope="businessArea"]').inputValue(),
    ).toBe('customer');
    expect((await resultsState(bookmarked)).total).toBe(total);
    expect((await resultsState(bookmarked)).text).toMatch(/ in customer$/);
    expect(await seriousViolations(bookmarked)).toEqual([]);
    await bookmarked.close();
  });

  it('takes the dark theme', async () => {
    await page.evaluate(() =>
      document.querySelector('mdq-search-box')!.setAttribute('theme', 'dark'),
    );
    const background = await page
      .locator('mdq-search-box .cm-editor')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(30, 31, 34)');
    await screenshot(page, 'element-dark');
  });
});

describe('<MdqSearchBox /> in a React page', () => {
  it('renders the element, controlled, and reports searches and problems to React', async () => {
    const react = await openPage(browser, 'react.html', { results: false });
    await expect.poll(() => queryText(react)).toBe('City:Berlin');
    const content = react.locator('mdq-search-box .cm-content');
    expect(await content.getAttribute('aria-label')).toBe('Search customers');
    await content.click();
    await react.keyboard.press('End');
    await react.keyboard.type(' AND [Fist Name] eq "Tim"');
    await react.keyboard.press('Escape');
    await expect
      .poll(() => react.locator('#text').textContent())
      .toBe('City:Berlin AND [Fist Name] eq "Tim"');
    await expect.poll(() => react.locator('#problems').textContent()).toBe('1');
    await react.keyboard.press('Enter');
    await expect
      .poll(() => react.locator('#searched').textContent())
      .toBe('City:Berlin AND [Fist Name] eq "Tim"');
    expect(await seriousViolations(react)).toEqual([]);
    await screenshot(react, 'react');
    await react.close();
  });
});
