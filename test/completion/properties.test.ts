/** Laws of the completion engine, over arbitrary text and every offset. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { complete } from '../../src/completion/complete.js';
import { highlight } from '../../src/completion/highlight.js';
import { hover } from '../../src/completion/hover.js';
import { check } from '../../src/checker/check.js';
import { bracketFieldName, escapeFieldName } from '../../src/language/escape.js';
import { parse } from '../../src/language/parse.js';
import { visit } from '../../src/language/visitor.js';
import { loadSchema } from '../../src/schema/schema.js';
import { schema, today } from './helpers.js';

/** Query-like text: pieces of the language glued at random, plus arbitrary strings. */
const piece = fc.constantFrom(
  ' ',
  '  ',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ':',
  '"',
  '/',
  '\\',
  '~',
  '^',
  '*',
  '?',
  '>',
  '>=',
  '<',
  '!',
  '-',
  '+',
  '&&',
  '||',
  'AND',
  'OR',
  'NOT',
  'and',
  'or',
  'not',
  'TO',
  'eq',
  'gt',
  'contains',
  '_exists_',
  'a',
  'Berlin',
  '2020-01-01',
  '18',
  'é',
  '\u3000',
  'Status',
  'First Name',
  'First\\ Name',
  '[First Name]',
  'Country',
  'VIP',
  'Launch\\ Date',
  'ACT',
  '\\u00e9',
  '\n',
);
export const queryText = fc.oneof(
  { weight: 4, arbitrary: fc.array(piece, { maxLength: 14 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

describe('completion laws', () => {
  it('complete never throws, and from <= offset <= to within the text, at every offset', () => {
    fc.assert(
      fc.property(queryText, (text) => {
        for (let offset = 0; offset <= text.length; offset++) {
          const r = complete(text, offset, { schema, today });
          expect(r.from).toBeGreaterThanOrEqual(0);
          expect(r.from).toBeLessThanOrEqual(offset);
          expect(r.to).toBeGreaterThanOrEqual(offset);
          expect(r.to).toBeLessThanOrEqual(text.length);
          for (const item of r.items) {
            expect(typeof item.insert).toBe('string');
            if (item.cursor !== undefined)
              expect(item.cursor).toBeLessThanOrEqual(item.insert.length);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('no item splits a character: applied at any offset, it leaves no lone surrogate that was not there', () => {
    const lone = (text: string) =>
      (text.match(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g) ?? [])
        .length;
    const emoji = fc
      .array(fc.oneof(piece, fc.constantFrom('😀', '"😀', '[😀', '😀:', 'a😀b')), { maxLength: 8 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(emoji, (text) => {
        for (let offset = 0; offset <= text.length; offset++) {
          const r = complete(text, offset, { schema, today });
          for (const item of r.items.slice(0, 5))
            expect(
              lone(text.slice(0, r.from) + item.insert + text.slice(r.to)),
              `${JSON.stringify(text)} at ${offset}: ${item.insert}`,
            ).toBeLessThanOrEqual(lone(text));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('hover never throws, and covers the offset within the text', () => {
    fc.assert(
      fc.property(queryText, (text) => {
        for (let offset = 0; offset <= text.length; offset++) {
          const h = hover(text, offset, { schema });
          if (h === null) continue;
          expect(h.from).toBeLessThanOrEqual(offset);
          expect(h.to).toBeGreaterThanOrEqual(offset);
          expect(h.to).toBeLessThanOrEqual(text.length);
          expect(h.contents.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('highlight returns sorted, non-overlapping, non-empty tokens within the text', () => {
    fc.assert(
      fc.property(queryText, (text) => {
        const tokens = highlight(text);
        let end = 0;
        for (const t of tokens) {
          expect(t.start).toBeGreaterThanOrEqual(end);
          expect(t.end).toBeGreaterThan(t.start);
          end = t.end;
        }
        expect(end).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 300 },
    );
  });
});

/** Field names that need every kind of care: spaces, brackets, backslashes, keywords, unicode. */
const fieldName = fc
  .oneof(
    fc.constantFrom(
      'City',
      'First Name',
      'a]b',
      'x\\y',
      'AND',
      'and',
      'TO',
      'a TO b',
      '_exists_',
      '-x',
      'Home Location.lat',
      'ümlaut',
      'tab\there',
      '"q"',
      'a:b',
      '*',
      'a*',
      'not',
      'eq',
      '  ',
      '(p)',
    ),
    fc.string({ minLength: 1, maxLength: 8 }),
  )
  .filter((s) => s !== '');
const fieldSchema = fc.uniqueArray(fieldName, { minLength: 1, maxLength: 6 }).map((names) => ({
  name: 'Tricky',
  fields: names.map((name, i) => ({
    name,
    dataType: ['string', 'integer', 'date', 'boolean', 'picklist'][i % 5]!,
    allowedBooleanValues: 'Y/N',
    staticPicklist: [{ code: 'A1' }],
  })),
}));
const clauseStart = fc.constantFrom(
  '',
  'a AND ',
  '(',
  'NOT ',
  '[Age] ge 18 and ',
  'x OR (',
  '-',
  'a ',
  '!',
);
const after = fc.constantFrom('', ' AND b', ')', ' c');

/** Every clause's field name in the tree of `text`. */
function fieldNames(text: string): string[] {
  const names: string[] = [];
  visit(parse(text).ast, {
    Field: (n) => void names.push(n.field.value),
    Comparison: (n) => void names.push(n.field.value),
  });
  return names;
}

const syntaxErrors = (text: string) => parse(text).diagnostics.length;

describe('applying items', () => {
  it('a field item at a clause start, given a value, parses without new errors and names that field', () => {
    fc.assert(
      fc.property(fieldSchema, clauseStart, after, (schemaResponse, before, rest) => {
        const index = loadSchema(schemaResponse);
        const result = complete(before + rest, before.length, { schema: index });
        const baseline = syntaxErrors(`${before}v${rest}`);
        for (const item of result.items.filter((i) => i.kind === 'field')) {
          const written = before.slice(0, result.from) + item.insert;
          const completed = `${written}${item.insert.startsWith('[') ? 'eq "v"' : 'v'}${rest}`;
          expect(syntaxErrors(completed), completed).toBeLessThanOrEqual(baseline);
          expect(fieldNames(completed), completed).toContain(item.label);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a field item while typing a name (bare, bracketed, before a colon, after _exists_:) names that field', () => {
    const places = [
      { query: (p: string) => `[${p}`, close: ' eq 1' },
      { query: (p: string) => `${p}`, close: null },
      { query: (p: string) => `_exists_:${p}`, close: '' },
    ];
    fc.assert(
      fc.property(fieldSchema, fc.constantFrom('', 'a', 'T', 'x'), (schemaResponse, typed) => {
        const index = loadSchema(schemaResponse);
        for (const place of places) {
          const text = place.query(typed);
          const result = complete(text, text.length, { schema: index });
          for (const item of result.items.filter((i) => i.kind === 'field')) {
            const written = text.slice(0, result.from) + item.insert + text.slice(result.to);
            const close = place.close ?? (item.insert.startsWith('[') ? 'eq 1' : 'v');
            const completed = written + close;
            expect(parse(completed).diagnostics, completed).toEqual([]);
            const tree = parse(completed).ast;
            const named = place.query('').startsWith('_exists_')
              ? tree.body?.kind === 'Exists'
                ? [tree.body.field.value]
                : []
              : fieldNames(completed);
            expect(named, completed).toContain(item.label);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a value item after field:, in a comparison, in quotes or in a field group is accepted by the checker for that field', () => {
    const fields = [...loadSchema(schema).fields.values()].filter((f) => !f.metadata);
    const places = [
      (name: string) => ({ text: `${escapeFieldName(name)}:`, close: '' }),
      (name: string) => ({ text: `${bracketFieldName(name)} eq `, close: '' }),
      (name: string) => ({ text: `${escapeFieldName(name)}:(`, close: ')' }),
      (name: string) => ({ text: `${escapeFieldName(name)}:"`, close: '' }),
    ];
    const quiet = new Set(['inactive-field', 'pii-field']);
    let applied = 0;
    for (const field of fields) {
      for (const place of places) {
        const { text, close } = place(field.name);
        const result = complete(text, text.length, { schema, today });
        for (const item of result.items.filter((i) => i.kind === 'value' || i.kind === 'snippet')) {
          const query = text.slice(0, result.from) + item.insert + text.slice(result.to) + close;
          const problems = check(query, { schema }).filter((d) => !quiet.has(d.code));
          expect(
            problems.map((d) => `${d.code}: ${d.message}`),
            query,
          ).toEqual([]);
          applied++;
        }
      }
    }
    expect(applied).toBeGreaterThan(100);
  });

  it('values with tricky codes and booleans are written so that the checker accepts them', () => {
    const code = fc.oneof(
      fc.constantFrom('A B', 'x"y', 'a\\b', '*', 'AND', 'TO', '(', ')', 'a:b', '-1', 'é'),
      fc.string({ minLength: 1, maxLength: 6 }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(code, { minLength: 1, maxLength: 5 }),
        code,
        code,
        (codes, yes, no) => {
          fc.pre(
            yes !== no &&
              !yes.includes('/') &&
              !no.includes('/') &&
              yes.trim() === yes &&
              no.trim() === no &&
              yes !== '' &&
              no !== '',
          );
          const s = loadSchema({
            name: 'T',
            fields: [
              { name: 'P', dataType: 'picklist', staticPicklist: codes.map((c) => ({ code: c })) },
              { name: 'B', dataType: 'boolean', allowedBooleanValues: `${yes}/${no}` },
            ],
          });
          for (const text of ['P:', '[P] eq ', 'P:(', 'B:', '[B] eq ', 'P:"']) {
            const result = complete(text, text.length, { schema: s });
            for (const item of result.items.filter((i) => i.kind === 'value')) {
              const query =
                text.slice(0, result.from) +
                item.insert +
                text.slice(result.to) +
                (text.endsWith('(') ? ')' : '');
              expect(
                check(query, { schema: s }).map((d) => `${d.code}: ${d.message}`),
                query,
              ).toEqual([]);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
