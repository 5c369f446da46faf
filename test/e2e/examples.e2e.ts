/**
 * The plain-HTML search page of examples/ (`mdq/codemirror` for the box, `mdq/client` for the
 * results), bundled as its README says and served by its own emulator, in Chromium: it shows
 * its first search, a query typed key by key runs on Enter and its hits follow, a misspelt
 * field and a syntax error each say why instead of showing old hits, and axe-core finds
 * nothing serious.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../../src/emulator/index.js';
import { bundleExample, examples } from '../support/example-bundle.js';
import { launch, seriousViolations } from './browser.js';

const site = mkdtempSync(join(tmpdir(), 'mdq-search-page-'));
let emulator: Emulator;
let browser: Browser;

beforeAll(async () => {
  // What the page's README asks of a user: main.ts bundled to main.js beside index.html.
  bundleExample('search-page/main.ts', 'browser', join(site, 'main.js'));
  copyFileSync(join(examples, 'search-page', 'index.html'), join(site, 'index.html'));
  emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    inMemory: true,
    staticDir: site,
    quiet: true,
  });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await emulator?.close();
  rmSync(site, { recursive: true, force: true });
});

const total = (page: Page) => page.locator('#total').textContent();
const hits = (page: Page) => page.locator('#results li').allTextContents();

/** Empties the box and types `text` one key at a time, closes the completion list, presses Enter. */
async function search(page: Page, text: string): Promise<void> {
  await page.locator('#search .cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  for (const ch of text) await page.keyboard.type(ch);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
}

describe('examples/search-page in Chromium', () => {
  it('searches the emulator: its first search, a typed query, and a broken one', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.setDefaultTimeout(15_000);
    await page.goto(`${emulator.url}/index.html`);

    // The page runs `[City] eq "Berlin"` once it has the scope's schemas.
    await expect.poll(() => total(page)).toMatch(/^[1-9]\d* records$/);
    const berlin = await hits(page);
    expect(berlin.length).toBe(Number.parseInt((await total(page))!, 10));
    for (const hit of berlin) expect(hit).toMatch(/Berlin$/);
    expect(await seriousViolations(page)).toEqual([]);

    await search(page, '[First Name] eq "Tim"');
    await expect.poll(() => hits(page)).not.toEqual(berlin);
    const tims = await hits(page);
    expect(tims.length).toBeGreaterThan(0);
    for (const hit of tims) expect(hit).toMatch(/^Tim /);
    expect(await total(page)).toBe(`${tims.length} records`);

    // A field the schema lacks: a warning, so the search runs, finds nothing, and the page says why.
    await search(page, '[Fist Name] eq "Tim"');
    await expect.poll(() => total(page)).toMatch(/^0 records: .*"Fist Name"/);
    expect(await hits(page)).toEqual([]);

    // A syntax error: the client's local check refuses it, and no old hits stay on screen.
    await search(page, '[First Name] eq "Tim');
    await expect.poll(() => hits(page)).toEqual([]);
    expect(await total(page)).toMatch(/\S/);
    expect(await total(page)).not.toMatch(/records/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
