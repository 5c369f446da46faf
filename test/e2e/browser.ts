/**
 * The browser for the e2e suite: Debian's Chromium (`apt-get install chromium`),
 * never a downloaded one, driven by playwright-core. Helpers wait for conditions,
 * never for fixed times.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { launchChromium } from '../../scripts/chromium.mjs';

const SCREENSHOTS = join(__dirname, '..', '..', 'test-results');

export function launch(): Promise<Browser> {
  return (launchChromium as () => Promise<Browser>)();
}

/** A fresh page at `path` of the served playground, once the search box is ready (and, with `results`, the first search shown). */
export async function openPage(
  browser: Browser,
  path = '',
  { viewport = { width: 1280, height: 900 }, results = true } = {},
): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL(path, inject('playgroundUrl')).toString());
  await page.waitForSelector('body[data-ready="true"]');
  if (results) await page.waitForSelector('mdq-results [part="status"][data-state="done"]');
  expect(errors).toEqual([]);
  return page;
}

/** A fresh page on the playground, once it has loaded the tenant and run its first search. */
export function openPlayground(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  return openPage(browser, '', { viewport });
}

export const editor = (page: Page) => page.locator('mdq-search-box .cm-content');

/** The query in the box. */
export function queryText(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector('mdq-search-box')!.value);
}

/** Empties the box and types `text` one key at a time, as a person would. */
export async function typeQuery(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await expect.poll(() => queryText(page)).toBe('');
  for (const ch of text) await page.keyboard.type(ch);
}

/** What `<mdq-results>` shows: its query (canonical), page, total and state, from its status line. */
export function resultsState(
  page: Page,
): Promise<{ query: string; page: string; total: number; state: string; text: string }> {
  return page.evaluate(() => {
    const status = document
      .querySelector('mdq-results')!
      .shadowRoot!.querySelector<HTMLElement>('[part="status"]')!;
    return {
      query: status.dataset.query ?? '',
      page: status.dataset.page ?? '',
      total: Number(status.dataset.total),
      state: status.dataset.state ?? '',
      text: status.textContent ?? '',
    };
  });
}

/** Submits the query with Enter (closing any completion first) and waits for the results of `canonical`, page 1. */
export async function submit(page: Page, canonical: string): Promise<number> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await page.waitForFunction((q) => {
    const status = document
      .querySelector('mdq-results')!
      .shadowRoot!.querySelector<HTMLElement>('[part="status"]')!;
    return (
      status.dataset.query === q && status.dataset.page === '0' && status.dataset.state === 'done'
    );
  }, canonical);
  return totalOf(page);
}

export async function totalOf(page: Page): Promise<number> {
  return (await resultsState(page)).total;
}

/** The labels of the completion list, as shown. */
export function completionLabels(page: Page): Promise<string[]> {
  return page.locator('.cm-tooltip-autocomplete li .cm-completionLabel').allTextContents();
}

/** Waits until the completion list is open and settled (no source still running), so Enter accepts. */
export async function completionSettled(page: Page): Promise<void> {
  await page.waitForSelector(
    '.cm-tooltip-autocomplete:not(.cm-tooltip-autocomplete-disabled) li[aria-selected]',
  );
}

/** The codes of the problems listed under the box. */
export function problemCodes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document
        .querySelector('mdq-search-box')!
        .shadowRoot!.querySelectorAll<HTMLElement>('[part~="problem"]'),
    ].map((li) => li.dataset.code ?? ''),
  );
}

/** Saves a screenshot of the page (all of it, or the viewport: a page holding a long query is too tall to take whole). */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

const axeSource = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousViolations(
  page: Page,
): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: Document): Promise<{
            violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        nodes: v.nodes.map((n) => JSON.stringify(n.target)),
      }));
  });
}
