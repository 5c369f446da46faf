/**
 * `npm run bench:element`: `<mdq-search-box>` in Debian's Chromium, and its size.
 *
 * - keystroke to completion list: from the `keydown` of a letter typed where a new clause
 *   starts (list closed) to the first frame the list is in the DOM (the box's shadow root),
 *   on the element's own page (dist/playground/element.html: the box and the results, nothing
 *   else) and on the playground (the same box with the canonical form, tree and builder
 *   panels beside it), in one run, alternating, so the two see the same machine;
 * - the gzipped size of the element with CodeMirror, and mdq's part of it: esbuild bundles of
 *   dist/element.js, minified, gzipped (zlib level 9): everything; with CodeMirror and Lezer
 *   left out (what mdq adds: the elements, the editor extension, the core with chevrotain);
 *   and with the core left out too (the elements and the extension alone).
 *
 * With `--baseline=REV` the playground of commit REV (say, the one before it was rebuilt on the
 * element) is built from git into a temporary folder, served by a second emulator and measured
 * in the same alternating loop: a loaded machine then compares pages within one run.
 *
 * Times are taken with performance.now() inside the page. Options: `--rounds=N` (default 30),
 * `--baseline=REV`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { launchChromium } from '../scripts/chromium.mjs';
import { buildStale, root } from '../scripts/stale.mjs';

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 30);
const baseline = process.argv.find((a) => a.startsWith('--baseline='))?.slice(11);

/** The playground of commit `rev`, built in a temporary folder with this checkout's node_modules; returns the folder. */
function buildPlaygroundAt(rev) {
  const dir = mkdtempSync(join(tmpdir(), 'mdq-playground-'));
  const tar = join(dir, 'tree.tar');
  execFileSync('git', ['archive', '-o', tar, rev, 'src', 'playground', 'package.json'], {
    cwd: root,
  });
  execFileSync('tar', ['-xf', tar, '-C', dir]);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync(
    join(root, 'node_modules', '.bin', 'vite'),
    ['build', '--config', 'playground/vite.config.ts'],
    { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return dir;
}

/** The package's own entries from dist/ (the bundle of a user of the package); the core left out when `external` names 'mdq'. */
const fromDist = (external) => ({
  name: 'mdq-from-dist',
  setup(b) {
    b.onResolve({ filter: /^mdq(\/[\w-]+)?$/ }, (args) =>
      external.includes(args.path)
        ? { path: args.path, external: true }
        : { path: join(root, 'dist', `${args.path === 'mdq' ? 'index' : args.path.slice(4)}.js`) },
    );
  },
});

async function gzipped(external) {
  const out = await build({
    stdin: { contents: "export * from 'mdq/element';", resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    external,
    plugins: [fromDist(external)],
    logLevel: 'error',
  });
  const bytes = out.outputFiles[0].contents;
  return { minified: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length };
}

const CODEMIRROR = ['@codemirror/*', '@lezer/*', 'crelt', 'style-mod', 'w3c-keyname'];

/** Arms a probe: ms from the next keydown to when `selector` matches (inside the box's shadow root, or the page without a box). */
async function arm(page, selector) {
  await page.evaluate((selector) => {
    window.__probe = new Promise((resolve) => {
      let start;
      const scope = document.querySelector('mdq-search-box')?.shadowRoot ?? document;
      const observer = new MutationObserver(() => {
        if (start !== undefined && scope.querySelector(selector) !== null) {
          observer.disconnect();
          resolve(performance.now() - start);
        }
      });
      observer.observe(scope, { childList: true, subtree: true, attributes: true });
      window.addEventListener('keydown', () => void (start ??= performance.now()), {
        capture: true,
        once: true,
      });
    });
  }, selector);
}

async function setQuery(page, editor, text) {
  await page.locator(editor).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Escape');
  await page.keyboard.press('End');
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

const fmt = (ms) => `${ms.toFixed(1)} ms`;
const kB = (n) => `${(n / 1024).toFixed(1)} KiB`;

buildStale();
const { startEmulator } = await import(join(root, 'dist', 'emulator.js'));
const serve = (staticDir) => startEmulator({ port: 0, host: '127.0.0.1', staticDir, quiet: true });
const emulator = await serve(join(root, 'dist', 'playground'));
const baselineDir = baseline === undefined ? undefined : buildPlaygroundAt(baseline);
const baselineEmulator =
  baselineDir === undefined ? undefined : await serve(join(baselineDir, 'dist', 'playground'));
const browser = await launchChromium();
try {
  const box = 'mdq-search-box .cm-content';
  const targets = [
    ['element page', emulator.url, 'element.html', box],
    ['playground', emulator.url, '', box],
  ];
  // The playground before the element held its editor in the page (one editor, its query box).
  if (baselineEmulator !== undefined)
    targets.push([`playground at ${baseline}`, baselineEmulator.url, '', '.cm-content']);
  const pages = {};
  for (const [name, url, path, editor] of targets) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${url}/${path}`);
    await page.waitForSelector('body[data-ready="true"]');
    pages[name] = { page, editor, samples: [] };
  }
  for (let i = 0; i < rounds; i++) {
    for (const { page, editor, samples } of Object.values(pages)) {
      await page.bringToFront();
      await setQuery(page, editor, '[Age] ge 18 AND ');
      await page.waitForSelector('.cm-tooltip-autocomplete', { state: 'detached' });
      await arm(page, '.cm-tooltip-autocomplete li');
      await page.keyboard.type('C');
      samples.push(await page.evaluate(() => window.__probe));
    }
  }
  const all = await gzipped([]);
  const mdqPart = await gzipped(CODEMIRROR);
  const layer = await gzipped([...CODEMIRROR, 'mdq']);
  console.log(
    `Chromium ${await browser.version()}, ${rounds} rounds each, ${new Date().toISOString().slice(0, 16)}Z, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  console.log('| keystroke to completion list shown | p50 | p95 | max |');
  console.log('|---|---|---|---|');
  for (const [name, { samples }] of Object.entries(pages)) {
    const s = stats(samples);
    console.log(`| ${name} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.max)} |`);
  }
  console.log('\n| bundle of `mdq/element` (esbuild, minified) | minified | gzipped |');
  console.log('|---|---|---|');
  console.log(`| with CodeMirror (everything) | ${kB(all.minified)} | ${kB(all.gzipped)} |`);
  console.log(
    `| mdq's part (CodeMirror and Lezer left out) | ${kB(mdqPart.minified)} | ${kB(mdqPart.gzipped)} |`,
  );
  console.log(
    `| the elements and the editor extension alone (the core left out too) | ${kB(layer.minified)} | ${kB(layer.gzipped)} |`,
  );
} finally {
  await browser.close();
  await emulator.close();
  await baselineEmulator?.close();
  if (baselineDir !== undefined) rmSync(baselineDir, { recursive: true, force: true });
}
