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

/** A fresh page on the playground, once it has loaded the tenant and run its first search. */
export async function openPlayground(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(inject('playgroundUrl'));
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#total[data-total]');
  expect(errors).toEqual([]);
  return page;
}

export const editor = (page: Page) => page.locator('.cm-content');

/** The query in the editor (CodeMirror's document, lines joined). */
export function queryText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.cm-content .cm-line')]
      .map((line) => {
        const copy = line.cloneNode(true) as Element;
        for (const widget of copy.querySelectorAll('.cm-placeholder, .cm-widgetBuffer'))
          widget.remove();
        return copy.textContent ?? '';
      })
      .join('\n'),
  );
}

/** Empties the editor and types `text` one key at a time, as a person would. */
export async function typeQuery(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await expect.poll(() => queryText(page)).toBe('');
  for (const ch of text) await page.keyboard.type(ch);
}

/** Submits the query with Enter (closing any completion first) and waits for the results of `canonical`, page 1. */
export async function submit(page: Page, canonical: string): Promise<number> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await page.waitForFunction((q) => {
    const total = document.getElementById('total')!;
    return total.dataset.query === q && total.dataset.page === '0';
  }, canonical);
  return totalOf(page);
}

export async function totalOf(page: Page): Promise<number> {
  return Number(await page.locator('#total').getAttribute('data-total'));
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
