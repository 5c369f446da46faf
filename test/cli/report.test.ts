/**
 * Issue 9, item 16: output stays proportional to the query. At most MAX_DIAGNOSTICS
 * diagnostics per query ("... and N more"), and a window of a long line around the caret.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LINE_WINDOW,
  MAX_DIAGNOSTICS,
  formatDiagnostic,
  formatDiagnostics,
  lineWindow,
} from '../../src/cli/report.js';
import type { Diagnostic } from '../../src/language/diagnostic.js';
import { runCaptured } from '../support/cli.js';

const at = (start: number, end: number, message = 'm'): Diagnostic => ({
  code: 'x',
  severity: 'error',
  message,
  span: { start, end },
});

describe('the output of a hostile query', () => {
  it.each([16_000, 32_000])(
    '%i unmatched ) print a few kilobytes, the tree and no "Invalid string length"',
    async (n) => {
      const r = await runCaptured(['parse', ')'.repeat(n)]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe(`Query 0-${n}\n`);
      expect(r.stderr.length).toBeLessThan(8_000);
      expect(r.stderr.match(/error unmatched-paren/g)).toHaveLength(MAX_DIAGNOSTICS);
      expect(r.stderr).toMatch(
        new RegExp(`\\n\\.\\.\\. and ${n - MAX_DIAGNOSTICS} more diagnostics\\n$`),
      );
    },
  );

  it('a 12 KB query of repeated words prints a few kilobytes of duplicate-clause warnings, and counts them all', async () => {
    const query = 'word '.repeat(2_400);
    const r = await runCaptured(['lint', query]);
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBeLessThan(8_000);
    expect(r.stdout.match(/warning duplicate-clause/g)).toHaveLength(MAX_DIAGNOSTICS);
    expect(r.stdout).toMatch(
      /\.\.\. and 2379 more diagnostics \(--json lists them all\)\n2399 problems \(2399 warnings\)\n$/,
    );
    const json = await runCaptured(['lint', '--json', query]);
    expect(JSON.parse(json.stdout).diagnostics).toHaveLength(2_399);
  });

  it('with --stdin, caps each query and names it', async () => {
    const r = await runCaptured(['lint', '--stdin'], { stdin: `${'x '.repeat(30)}\nok\n` });
    expect(r.stdout).toContain('... and 9 more diagnostics in query 1 (--json lists them all)\n');
    expect(r.stdout).toMatch(/29 problems \(29 warnings\)\n$/);
  });

  it('fmt --fix lists at most MAX_DIAGNOSTICS applied fixes', async () => {
    const r = await runCaptured(['fmt', '--fix', 'a '.repeat(100)]);
    expect(r.stdout).toBe('a\n');
    expect(r.stderr.match(/^fixed /gm)).toHaveLength(MAX_DIAGNOSTICS);
    expect(r.stderr).toContain('... and 79 more fixes');
  });
});

describe('a window around the caret', () => {
  it('prints short lines whole', () => {
    expect(formatDiagnostic('a OR (b', at(5, 6))).toBe(
      'query:1:6: error x: m\n  a OR (b\n       ^\n',
    );
  });

  it('cuts a long line around the caret, marks the cuts and keeps the caret under its character', () => {
    const query = `${'a'.repeat(500)}XYZ${'b'.repeat(500)}`;
    const text = formatDiagnostic(query, at(500, 503));
    const [, source, caret] = text.split('\n');
    expect(source).toBe(`  …${'a'.repeat(30)}XYZ${'b'.repeat(67)}…`);
    expect(caret).toBe(`  ${' '.repeat(31)}^^^`);
  });

  it('caps the caret of a span longer than the window', () => {
    const query = 'x'.repeat(10_000);
    const lines = formatDiagnostic(query, at(0, 10_000)).split('\n');
    expect(lines[1]).toBe(`  ${'x'.repeat(LINE_WINDOW)}…`);
    expect(lines[2]).toBe(`  ${'^'.repeat(LINE_WINDOW)}`);
  });

  it('cuts a message that quotes a huge part of the query', () => {
    const text = formatDiagnostic('q', at(0, 1, `no field "${'n'.repeat(5_000)}"`));
    expect(text.split('\n')[0]!.length).toBeLessThan(600);
  });

  it('shows the character under the caret, within a bounded width (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc.nat(),
        fc.integer({ min: 1, max: 500 }),
        (text, n, width) => {
          fc.pre(text.length > 0);
          const column = n % text.length;
          const { shown, caret, caretWidth } = lineWindow(text, column, width);
          expect(shown.length).toBeLessThanOrEqual(LINE_WINDOW + 3);
          expect(caretWidth).toBeGreaterThanOrEqual(1);
          expect(caretWidth).toBeLessThanOrEqual(Math.min(width, LINE_WINDOW));
          // A window may start one code unit early so as not to split a surrogate pair.
          if (text.length <= LINE_WINDOW) expect(shown).toBe(text);
          else expect(shown.slice(caret, caret + 1)).toBe(text[column]);
        },
      ),
    );
  });

  it('prints at most MAX_DIAGNOSTICS and counts the rest', () => {
    const diagnostics = Array.from({ length: 25 }, (_, i) => at(i, i + 1));
    const text = formatDiagnostics('y'.repeat(30), diagnostics, {
      name: 'query 2',
      moreHint: 'see --json',
    });
    expect(text.match(/^query 2:1:/gm)).toHaveLength(MAX_DIAGNOSTICS);
    expect(text.endsWith('... and 5 more diagnostics in query 2 (see --json)\n')).toBe(true);
    expect(formatDiagnostics('y', [at(0, 1)], { maxDiagnostics: 0 })).toBe(
      '... and 1 more diagnostic\n',
    );
  });
});

describe('a query holding escape sequences (a search log linted with --stdin)', () => {
  it('reaches the terminal without them, the caret still under its character', async () => {
    const query = 'Name:"\u001b]52;c;cm0gLXJm\u0007" AND (\u001b[2J';
    const r = await runCaptured(['lint', '--stdin', '--example'], { stdin: `${query}\n` });
    expect(r.code).toBe(1);
    const shown = r.stdout + r.stderr;
    expect(shown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    // Each control character takes one column (U+FFFD), so the caret under '(' stays aligned.
    const lines = formatDiagnostic(query, {
      code: 'x',
      severity: 'error',
      message: `quoting ${query}`,
      span: { start: query.indexOf('('), end: query.indexOf('(') + 1 },
    }).split('\n');
    expect(lines[0]).toContain('quoting Name:"\\u001b]52;c;cm0gLXJm\\u0007" AND (\\u001b[2J');
    expect(lines[1]!.indexOf('(')).toBe(lines[2]!.indexOf('^'));
    expect(lines[1]).toBe('  Name:"\uFFFD]52;c;cm0gLXJm\uFFFD" AND (\uFFFD[2J');
  });
});
