import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeTerm, format, parse, quote, bracketFieldName } from '../../src/index.js';
import {
  query,
  queryLikeString,
  nonEmptyTrickyString,
  trickyString,
} from '../support/arbitraries.js';
import { strip, stripGroups } from '../support/strip.js';

// FC_RUNS raises the effort for a deeper local search; CI uses the default.
const scale = Number(process.env.FC_RUNS ?? 1);
const runs = { numRuns: 1500 * scale };

describe('printer and parser laws', () => {
  it('parse(format(tree)) gives the tree back (ignoring spans and raw spellings)', () => {
    fc.assert(
      fc.property(query, (tree) => {
        const text = format(tree);
        const { ast, diagnostics } = parse(text);
        expect(diagnostics, text).toEqual([]);
        expect(strip(ast), text).toEqual(strip(tree));
      }),
      runs,
    );
  });

  it('the multi-line layout reads back as the same tree', () => {
    fc.assert(
      fc.property(query, fc.integer({ min: 10, max: 60 }), (tree, width) => {
        const text = format(tree, { layout: 'multiline', width });
        const { ast, diagnostics } = parse(text);
        expect(diagnostics, text).toEqual([]);
        expect(strip(ast), text).toEqual(strip(tree));
      }),
      { numRuns: 500 * scale },
    );
  });

  it('format is idempotent on any valid query', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          queryLikeString,
          query.map((t) => format(t)),
        ),
        (text) => {
          const { ast, diagnostics } = parse(text);
          fc.pre(!diagnostics.some((d) => d.severity === 'error'));
          const once = format(ast);
          expect(format(once), text).toBe(once);
          // Formatting keeps the meaning: only parentheses may be added.
          expect(stripGroups(parse(once).ast), text).toEqual(stripGroups(ast));
        },
      ),
      runs,
    );
  });

  it('parse never throws, and every diagnostic span lies within the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(queryLikeString, fc.string({ unit: 'binary', maxLength: 40 })),
        (text) => {
          const { ast, diagnostics } = parse(text);
          expect(ast.kind).toBe('Query');
          for (const d of diagnostics) {
            expect(d.span.start, `${d.code} in ${JSON.stringify(text)}`).toBeGreaterThanOrEqual(0);
            expect(d.span.end).toBeLessThanOrEqual(text.length);
            expect(d.span.start).toBeLessThanOrEqual(d.span.end);
            expect(d.message.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 3000 * scale },
    );
  });

  it('an escaped string parses back as one term holding exactly that string', () => {
    fc.assert(
      fc.property(nonEmptyTrickyString, (value) => {
        const { ast, diagnostics } = parse(escapeTerm(value));
        expect(diagnostics).toEqual([]);
        expect(ast.body).toMatchObject({ kind: 'Term', value });
      }),
      runs,
    );
  });

  it('a quoted string parses back as one phrase, in a field and in a comparison', () => {
    fc.assert(
      fc.property(
        trickyString,
        nonEmptyTrickyString.filter((s) => s.trim() !== ''),
        (value, name) => {
          expect(parse(quote(value)).ast.body).toMatchObject({ kind: 'Phrase', value });
          const comparison = parse(`${bracketFieldName(name)} eq ${quote(value)}`);
          expect(comparison.diagnostics).toEqual([]);
          expect(comparison.ast.body).toMatchObject({
            kind: 'Comparison',
            field: { value: name },
            value: { value },
          });
        },
      ),
      runs,
    );
  });
});
