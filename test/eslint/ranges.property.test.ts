/**
 * The law of `mdq/valid-query`'s positions: for any query written in a JavaScript string or
 * template literal with any mix of escapes, every reported range, read back as JavaScript,
 * is exactly the text the checker's span covers, no more and no less.
 */
import { runInNewContext } from 'node:vm';
import { Linter } from 'eslint';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/eslint/index.js';
import { check } from '../../src/index.js';
import { queryLikeString } from '../support/arbitraries.js';

/** One code unit as the literal may spell it: itself where it can, else (or by choice) an escape. */
function spell(unit: string, quote: string, choice: number): string {
  const code = unit.charCodeAt(0);
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  const forced =
    unit === '\\' ||
    unit === quote ||
    unit === '\n' ||
    unit === '\r' ||
    unit === '\u2028' ||
    unit === '\u2029' ||
    (quote === '`' && unit === '$') ||
    (code >= 0xd800 && code <= 0xdfff);
  const pick = forced ? 1 + (choice % 3) : choice % 4;
  if (pick === 0) return unit;
  if (pick === 1 && code < 256) return `\\x${hex(code, 2)}`;
  if (pick === 2) return `\\u${hex(code, 4)}`;
  return `\\u{${hex(code, 1)}}`;
}

const linter = new Linter();
const config = { plugins: { mdq: plugin }, rules: { 'mdq/valid-query': 'error' as const } };

describe('mdq/valid-query positions', () => {
  it('cover exactly the characters of each diagnostic span, through escapes', () => {
    fc.assert(
      fc.property(
        queryLikeString,
        fc.constantFrom("'", '"', '`'),
        fc.infiniteStream(fc.nat(11)),
        (query, quote, choices) => {
          const it = choices[Symbol.iterator]();
          const literal = [
            ...Array.from({ length: query.length }, (_, i) =>
              spell(query[i]!, quote, it.next().value!),
            ),
          ].join('');
          const prefix = 'client.search(';
          const code = `${prefix}${quote}${literal}${quote})`;
          const expected = check(query)
            .map((d) => `${d.message} (mdq ${d.code})|${query.slice(d.span.start, d.span.end)}`)
            .sort();
          const actual = linter
            .verify(code, config)
            .map((m) => {
              expect(m.fatal).toBeUndefined();
              const slice = code.slice(m.column - 1, (m.endColumn ?? m.column) - 1);
              return `${m.message}|${runInNewContext(`${quote}${slice}${quote}`)}`;
            })
            .sort();
          expect(actual).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
