/**
 * `npm run bench:editor`: the playground in Debian's Chromium, measured in the page.
 *
 * - keystroke to completion list: from the `keydown` of a letter typed where a new
 *   clause starts (list closed) to the first frame the list is in the DOM;
 * - keystroke to lint marks: from the `keydown` of a Backspace that misspells a field
 *   (`[First Name]` becomes `[Frst Name]`) to the mark in the DOM; this includes the
 *   extension's lint delay (150 ms by default), reported separately;
 * - keystroke to hover: from the `keydown` of Ctrl-I, the second key of Ctrl-K Ctrl-I
 *   (the editor's keyboard hover), to the tooltip in the DOM;
 * - keystroke on a long query: a query of 100 000 characters (about 4 400 clauses) in the
 *   editor, a letter typed at its end and in its middle: from the `keydown` to the first
 *   DOM mutation in the editor after it (everything the page does synchronously on the
 *   keystroke comes before that: the editor's update, its highlighting, the page's
 *   listeners), `--long-rounds=N` of each (default 20); the same on a query of 100 000
 *   characters that is one group, an id list `_dataObjectId:(C0000000 OR ...)`, typed at
 *   its end (before the `)`) and in its middle;
 * - the page's JavaScript, gzipped (level 9): the scripts dist/playground/index.html loads.
 *
 * Times are taken with performance.now() inside the page, so the driver's own
 * round trips do not count. Options: `--rounds=N` (default 40).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../scripts/chromium.mjs';
import { buildStale, root } from '../scripts/stale.mjs';

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 40);
const longRounds = Number(
  process.argv.find((a) => a.startsWith('--long-rounds='))?.slice(14) ?? 20,
);

/** About 100 000 characters of clauses joined by AND and OR, the same every run. */
function longQuery() {
  const clauses = [
    '[First Name] eq "Tim"',
    'City:berlin',
    'Age:[30 TO 40]',
    '"new york"~2',
    'jo*',
    'NOT Status:ACT',
  ];
  let text = '';
  for (let i = 0; text.length < 100_000; i++)
    text += (i === 0 ? '' : i % 2 ? ' AND ' : ' OR ') + clauses[i % clauses.length];
  return text;
}

/** About 100 000 characters of one group: `_dataObjectId:(C0000000 OR C0000001 OR ...)`, an id list. */
function groupQuery() {
  const ids = [];
  for (let i = 0, length = 16; length < 100_000; i++, length += 12)
    ids.push(`C${String(i).padStart(7, '0')}`);
  return `_dataObjectId:(${ids.join(' OR ')})`;
}

buildStale();
const { startEmulator } = await import(join(root, 'dist', 'emulator.js'));
const emulator = await startEmulator({
  port: 0,
  host: '127.0.0.1',
  staticDir: join(root, 'dist', 'playground'),
  quiet: true,
});
const browser = await launchChromium();

/** Arms a probe in the page: resolves with ms from the next keydown to when `selector` matches (or stops matching). */
async function arm(page, selector, present = true) {
  await page.evaluate(
    ({ selector, present }) => {
      window.__probe = new Promise((resolve) => {
        let start;
        const check = () => {
          // The editor and its tooltips live in <mdq-search-box>'s shadow root.
          const scope = document.querySelector('mdq-search-box')?.shadowRoot ?? document;
          if (start !== undefined && (scope.querySelector(selector) !== null) === present) {
            observer.disconnect();
            resolve(performance.now() - start);
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        const shadow = document.querySelector('mdq-search-box')?.shadowRoot;
        if (shadow) observer.observe(shadow, { childList: true, subtree: true, attributes: true });
        window.addEventListener('keydown', () => void (start ??= performance.now()), {
          capture: true,
          once: true,
        });
      });
    },
    { selector, present },
  );
}

/** Arms a probe: resolves with ms from the next keydown to the first DOM mutation in the editor after it. */
async function armEdit(page) {
  await page.evaluate(() => {
    window.__probe = new Promise((resolve) => {
      let start;
      const observer = new MutationObserver(() => {
        if (start === undefined) return;
        observer.disconnect();
        resolve(performance.now() - start);
      });
      observer.observe(document.querySelector('mdq-search-box').view.contentDOM, {
        childList: true,
        subtree: true,
        characterData: true,
      });
      window.addEventListener('keydown', () => void (start ??= performance.now()), {
        capture: true,
        once: true,
      });
    });
  });
}

async function setQuery(page, text, cursor = text.length) {
  await page.locator('mdq-search-box .cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Escape');
  await page.keyboard.press('End');
  for (let i = text.length; i > cursor; i--) await page.keyboard.press('ArrowLeft');
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

const fmt = (ms) => `${ms.toFixed(1)} ms`;

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${emulator.url}/`);
  await page.waitForSelector('body[data-ready="true"]');

  const completion = [];
  for (let i = 0; i < rounds; i++) {
    await setQuery(page, '[Age] ge 18 AND ');
    await page.waitForSelector('.cm-tooltip-autocomplete', { state: 'detached' });
    await arm(page, '.cm-tooltip-autocomplete li');
    await page.keyboard.type('C');
    completion.push(await page.evaluate(() => window.__probe));
  }

  const lint = [];
  const lintDelay = 150;
  for (let i = 0; i < rounds; i++) {
    await setQuery(page, '[First Name] eq "Tim"', 3);
    await page.waitForSelector('.cm-lintRange', { state: 'detached' });
    await arm(page, '.cm-lintRange');
    await page.keyboard.press('Backspace');
    lint.push(await page.evaluate(() => window.__probe));
  }

  const hover = [];
  for (let i = 0; i < rounds; i++) {
    await setQuery(page, '[Status] eq "ACT"', 3);
    await page.waitForSelector('.cm-tooltip.cm-mdq-hover', { state: 'detached' });
    await page.keyboard.press('Control+k');
    await arm(page, '.cm-tooltip.cm-mdq-hover');
    await page.keyboard.press('Control+i');
    hover.push(await page.evaluate(() => window.__probe));
    await page.keyboard.press('Escape');
  }

  // Each long query, and where a letter is typed in it: clauses (at the end, before an AND in the middle), one group (before its `)`, after an id in the middle).
  const clauses = longQuery();
  const group = groupQuery();
  const longCases = [
    { name: '100 000-character query, typing at its end', text: clauses, at: clauses.length },
    {
      name: '100 000-character query, typing at its middle',
      text: clauses,
      at: clauses.indexOf(' AND ', clauses.length >> 1),
    },
    {
      name: '100 000-character group (an id list), typing at its end, before the `)`',
      text: group,
      at: group.length - 1,
    },
    {
      name: '100 000-character group (an id list), typing at its middle',
      text: group,
      at: group.indexOf(' OR ', group.length >> 1),
    },
  ];
  const long = longCases.map(() => []);
  for (const [c, { text, at }] of longCases.entries()) {
    if (c === 0 || longCases[c - 1].text !== text) await setQuery(page, text);
    await page.evaluate((at) => {
      const view = document.querySelector('mdq-search-box').view;
      view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    }, at);
    for (let i = 0; i < longRounds; i++) {
      await page.keyboard.press('Escape');
      await armEdit(page);
      await page.keyboard.type('x');
      long[c].push(await page.evaluate(() => window.__probe));
      // Let the page's debounced work (lint, panels, search) settle between keystrokes.
      await page.waitForTimeout(500);
    }
  }

  // The scripts the playground's page loads (dist/playground also holds the element's and the React page's).
  const served = join(root, 'dist', 'playground');
  const assets = join(served, 'assets');
  const scripts = [
    ...readFileSync(join(served, 'index.html'), 'utf8').matchAll(
      /(?:src|href)="\.\/assets\/([^"]+\.js)"/g,
    ),
  ].map((m) => m[1]);
  const raw = scripts.reduce((sum, f) => sum + readFileSync(join(assets, f)).length, 0);
  const gzip = scripts.reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length,
    0,
  );

  const c = stats(completion);
  const l = stats(lint);
  const h = stats(hover);
  const version = await browser.version();
  console.log(
    `Chromium ${version}, ${rounds} rounds each (${longRounds} on the long queries), ${new Date().toISOString().slice(0, 16)}Z, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  console.log('| measure | p50 | p95 | max |');
  console.log('|---|---|---|---|');
  console.log(
    `| keystroke to completion list shown | ${fmt(c.p50)} | ${fmt(c.p95)} | ${fmt(c.max)} |`,
  );
  console.log(
    `| keystroke to lint marks (with the ${lintDelay} ms lint delay) | ${fmt(l.p50)} | ${fmt(l.p95)} | ${fmt(l.max)} |`,
  );
  console.log(
    `| keystroke to lint marks, less the delay | ${fmt(l.p50 - lintDelay)} | ${fmt(l.p95 - lintDelay)} | ${fmt(l.max - lintDelay)} |`,
  );
  console.log(
    `| keystroke to hover shown (Ctrl-K Ctrl-I, from the second key) | ${fmt(h.p50)} | ${fmt(h.p95)} | ${fmt(h.max)} |`,
  );
  for (const [c, { name }] of longCases.entries()) {
    const k = stats(long[c]);
    console.log(
      `| keystroke to the editor updated, ${name} | ${fmt(k.p50)} | ${fmt(k.p95)} | ${fmt(k.max)} |`,
    );
  }
  console.log(
    `\nPage JavaScript: ${(raw / 1024).toFixed(1)} KiB minified, ${(gzip / 1024).toFixed(1)} KiB gzipped (${scripts.join(', ')})`,
  );
} finally {
  await browser.close();
  await emulator.close();
}
