/**
 * `npm run docs:screenshot`: takes README's picture of the playground, docs/playground.png,
 * from the page as it is now, so the picture cannot drift from the code (it did once: fix
 * buttons gained "(changes meaning)" and the old picture kept the bare names).
 *
 * Builds what is stale, serves the playground with the emulator on a free port, and drives
 * Debian's Chromium (`apt-get install chromium`, never a downloaded browser) through the
 * scene: a misspelt field marked and listed with its fixes, its completion open, the results
 * with what matched marked. The picture ships in the package, so it is quantised to 48
 * colours with pngquant (`apt-get install pngquant`): 155 KiB of screenshot become about 48.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './chromium.mjs';
import { buildStale, root } from './stale.mjs';

const QUERY = '[Fist Name] eq "Tim" OR City:Berlin AND [Age] ge 30';
const OUTPUT = join(root, 'docs', 'playground.png');

/** Quantises the PNG at `path` in place; the tarball's size budget (test/package) counts it. */
function quantise(path) {
  try {
    execFileSync('pngquant', ['--force', '--output', path, '48', '--', path], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    const missing =
      error && typeof error === 'object' && 'code' in error && error.code === 'ENOENT';
    throw new Error(
      missing
        ? 'pngquant is not installed (apt-get install pngquant): the picture would be three times its size'
        : `pngquant failed: ${error.message}`,
    );
  }
}

buildStale();
const { startEmulator } = await import(pathToFileURL(join(root, 'dist', 'emulator.js')).href);
const emulator = await startEmulator({
  port: 0,
  host: '127.0.0.1',
  staticDir: join(root, 'dist', 'playground'),
  quiet: true,
});
let browser;
try {
  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
  page.setDefaultTimeout(20_000);
  await page.goto(`${emulator.url}/`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('mdq-results [part="status"][data-state="done"]');

  // Typed a key at a time, as a person would; then the search of the whole query.
  await page.locator('mdq-search-box .cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  // The pointer away from the text, so no hover card covers the scene.
  await page.mouse.move(1, 1);
  for (const ch of QUERY) await page.keyboard.type(ch);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => {
    const status = document
      .querySelector('mdq-results')
      ?.shadowRoot?.querySelector('[part="status"]');
    return status?.dataset.page === '0' && status?.dataset.query?.includes('Fist Name');
  });
  await page.waitForSelector('mdq-search-box [part~="problem"]');
  await page.waitForSelector('.cm-lintRange-warning');

  // The cursor back in the misspelt name, and its completion asked for.
  await page.keyboard.press('Home');
  for (let i = 0; i < '[Fist'.length; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Control+Space');
  await page.waitForSelector('.cm-tooltip-autocomplete li[aria-selected]');
  await page.waitForSelector('.cm-completionInfo');

  await page.screenshot({ path: OUTPUT });
  quantise(OUTPUT);
  process.stdout.write(`wrote ${OUTPUT}\n`);
} catch (error) {
  process.stderr.write(
    `docs:screenshot: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  await browser?.close();
  await emulator.close();
}
