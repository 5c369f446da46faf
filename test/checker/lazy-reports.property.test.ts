/**
 * Shortcuts of the checker's reporting paths (issue 29, target 4) give exactly the answers
 * of the plain paths: reports past `maxDiagnostics` counted without being built, and the
 * suggestions of an unknown name remembered by the clause's values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/checker/check.js';
import type { CheckContext } from '../../src/checker/context.js';
import { allRules } from '../../src/checker/registry.js';
import type { Rule } from '../../src/checker/rule.js';
import { ActiveFields } from '../../src/checker/rules/active-fields.js';
import { heldKey, KnownFieldNames } from '../../src/checker/rules/known-field-names.js';
import type { Term } from '../../src/language/ast.js';
import { loadSchema } from '../../src/schema/schema.js';

/** A small tenant: fields of several types, two of them inactive. */
const response = {
  schemaId: 's',
  name: 'Shop',
  businessAreaId: 'b',
  businessAreaName: 'shop',
  createdDate: '2024-01-01T00:00:00Z',
  fields: [
    { name: 'First Name', dataType: 'string', active: true },
    { name: 'Age', dataType: 'integer', active: true },
    { name: 'Agency', dataType: 'string', active: false },
    { name: 'Birth Date', dataType: 'date', active: true, dateFormat: 'YYYY-MM-DD' },
    { name: 'Stage', dataType: 'picklist', active: true, staticPicklist: [{ code: 'A1' }] },
    { name: 'Old Code', dataType: 'string', active: false },
    { name: 'Score', dataType: 'float', active: true },
  ],
};

/** The rule as it was: every report built in full, whatever room is left. */
const roomless = (rule: Rule): Rule => ({
  ...rule,
  create: (context) =>
    rule.create(
      new Proxy(context, {
        get(target, key) {
          if (key === 'reportRoom') return () => Number.POSITIVE_INFINITY;
          const value = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }) as CheckContext,
    ),
});

const names = fc.constantFrom(
  'Agx',
  'Age',
  'Agency',
  'Old\\ Code',
  'Old\\ Codx',
  'First\\ Namx',
  'Stagx',
  'Scorx',
  'Birth\\ Datx',
  'nope',
);
const values = fc.constantFrom(
  '12',
  'x',
  'A1',
  '"1:a1:b"',
  '1\\:a1\\:b',
  '"2:ab"',
  '[1 TO 5]',
  '[a TO b]',
  '[1:a TO 1:b]',
  '{2020-01-01 TO *]',
  '(1 OR a)',
  '2020-01-01',
);
const clause = fc.oneof(
  fc.tuple(names, values).map(([n, v]) => `${n}:${v}`),
  fc
    .tuple(names, fc.constantFrom('eq', 'gt', 'contains'), values)
    .map(([n, op, v]) => `[${n.replace(/\\/g, '')}] ${op} ${v.startsWith('"') ? v : `"${v}"`}`),
  fc.constantFrom('_exists_:Agx', '_exists_:Agency', ')', 'AND', '"open'),
);
const queries = fc.array(clause, { minLength: 1, maxLength: 12 }).map((c) => c.join(' '));

describe('reports past maxDiagnostics, counted unbuilt', () => {
  it('KnownFieldNames and ActiveFields give the diagnostics of the rules that build every report', () => {
    const schema = loadSchema(response);
    const gated = allRules;
    const plain = allRules.map((r) =>
      r === KnownFieldNames || r === ActiveFields ? roomless(r) : r,
    );
    fc.assert(
      fc.property(queries, fc.integer({ min: 0, max: 8 }), (text, maxDiagnostics) => {
        expect(check(text, { schema, rules: gated, maxDiagnostics })).toEqual(
          check(text, { schema, rules: plain, maxDiagnostics }),
        );
      }),
      { numRuns: 1500 },
    );
  });

  it('with no room left, a report is only counted', () => {
    const schema = loadSchema(response);
    const text = 'Agx:1 Agency:x Agx:2 Agency:y';
    const counted = check(text, {
      schema,
      rules: [KnownFieldNames, ActiveFields],
      maxDiagnostics: 1,
    });
    expect(counted.map((d) => d.code)).toEqual(['unknown-field', 'too-many-errors']);
    expect(counted[1]!.message).toBe('3 more diagnostics not shown: the limit maxDiagnostics is 1');
  });
});

describe("an unknown name's suggestions, remembered by the clause's values", () => {
  it('the same diagnostics as with nothing remembered (a schema loaded afresh for each query)', () => {
    const warm = loadSchema(response);
    fc.assert(
      fc.property(fc.array(queries, { minLength: 1, maxLength: 6 }), (texts) => {
        for (const text of texts)
          expect(check(text, { schema: warm })).toEqual(
            check(text, { schema: loadSchema(response) }),
          );
      }),
      { numRuns: 400 },
    );
  });

  it('one key per list of texts: a value that spells a list of two is not taken for it', () => {
    const word = (value: string): Term => ({
      kind: 'Term',
      raw: value,
      value,
      span: { start: 0, end: value.length },
    });
    // Texts of a few characters, lengths and colons among them: lists that spell each other's keys come often.
    const text = fc
      .array(fc.constantFrom('a', '1', '2', ':'), { maxLength: 4 })
      .map((c) => c.join(''));
    const list = fc.array(text, { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(list, list, (a, b) => {
        const same = a.length === b.length && a.every((t, i) => t === b[i]);
        expect(heldKey(a.map(word)) === heldKey(b.map(word))).toBe(same);
      }),
      { numRuns: 2000 },
    );
    expect(heldKey([word('ab')])).not.toBe(heldKey([word('a'), word('b')]));
    expect(heldKey([word('1:a1:b')])).not.toBe(heldKey([word('a'), word('b')]));
  });
});
