/**
 * AND, OR and NOT of clauses on one field read the field once per record
 * (src/evaluator/same-field.ts): they answer as the clauses compiled apart and combined,
 * on random records, first call and later (columns), and mark what the clauses mark.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, filter, type DataRecord } from '../../src/evaluator/index.js';
import { exampleSchemas } from './records.js';

const scale = Number(process.env.FC_RUNS ?? 1);

// Values of several kinds under two field names, so that words, typed values, arrays and absence meet.
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('berlin', 'lyon', 'New York', 'Berlin lyon', '30', '', 'Y', 'N', 'ACT', 'BLK'),
  fc.integer({ min: 25, max: 45 }),
  fc.constantFrom(null, true, false),
  fc.array(
    fc.oneof(fc.constantFrom('berlin', 'lyon', 'ACT', null), fc.integer({ min: 25, max: 45 })),
    { maxLength: 3 },
  ),
);
const record: fc.Arbitrary<DataRecord> = fc.record(
  { City: value, Age: value, Status: value, VIP: value },
  { requiredKeys: [] },
);

const leafOn = (field: string) =>
  fc.constantFrom(
    `${field}:berlin`,
    `${field}:lyon`,
    `${field}:"new york"`,
    `${field}:[30 TO 40]`,
    `${field}:>35`,
    `${field}:ACT`,
    `${field}:Y`,
    `${field}:ber*`,
    `_exists_:${field}`,
    `${field}:30`,
  );
const leaf = fc.oneof(leafOn('City'), leafOn('Age'), leafOn('Status'), leafOn('VIP'));

type Tree = string | { op: 'AND' | 'OR'; parts: Tree[] } | { op: 'NOT'; part: Tree };
const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({
      op: fc.constantFrom<'AND' | 'OR'>('AND', 'OR'),
      parts: fc.array(tie('tree'), { minLength: 2, maxLength: 4 }),
    }),
    fc.record({ op: fc.constant<'NOT'>('NOT'), part: tie('tree') }),
  ),
}));

const text = (t: Tree): string =>
  typeof t === 'string'
    ? t
    : t.op === 'NOT'
      ? `NOT (${text(t.part)})`
      : t.parts.map((p) => `(${text(p)})`).join(` ${t.op} `);

/** The tree evaluated from its leaves, each compiled alone (nothing to join). */
function byLeaves(t: Tree, r: DataRecord, options: object): boolean {
  if (typeof t === 'string') return compile(t, options)(r);
  if (t.op === 'NOT') return !byLeaves(t.part, r, options);
  return t.op === 'AND'
    ? t.parts.every((p) => byLeaves(p, r, options))
    : t.parts.some((p) => byLeaves(p, r, options));
}

describe('clauses on one field, joined', () => {
  it('answer as their clauses compiled apart, with and without a schema, first call and later', () => {
    fc.assert(
      fc.property(
        tree,
        fc.array(record, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (t, rs, typed) => {
          const options = typed ? { schema: exampleSchemas } : {};
          const expected = rs.filter((r) => byLeaves(t, r, options));
          const m = compile(text(t), options);
          expect(
            rs.filter((r) => m(r)),
            text(t),
          ).toEqual(expected);
          for (let round = 0; round < 3; round++) expect(filter(rs, m), text(t)).toEqual(expected);
        },
      ),
      { numRuns: 300 * scale },
    );
  });

  it('read the field once per record', () => {
    let reads = 0;
    const record = Object.defineProperty({ Age: 31 }, 'City', {
      enumerable: true,
      get: () => (reads++, 'Lyon'),
    });
    for (const [query, options] of [
      ['City:berlin OR City:lyon OR City:paris', { schema: exampleSchemas }],
      ['City:(berlin OR lyon) AND NOT City:paris', { schema: exampleSchemas }],
      // Without a schema a value is tried as words and as a typed value: one read too.
      ['City:lyon', {}],
    ] as const) {
      reads = 0;
      expect(compile(query, options)(record), query).toBe(true);
      expect(reads, query).toBe(1);
    }
    // Clauses on two fields read each once.
    reads = 0;
    expect(
      compile('(City:berlin OR City:lyon) AND Age:[30 TO 40]', { schema: exampleSchemas })(record),
    ).toBe(true);
    expect(reads).toBe(1);
  });

  it('mark what their clauses mark: an AND on one field only when all of it holds', () => {
    const record = { City: 'Berlin', Age: 31 };
    const highlight = (q: string) => compile(q, { schema: exampleSchemas }).highlight(record);
    expect(highlight('City:berlin OR City:lyon')).toEqual([
      { field: 'City', spans: [{ start: 0, end: 6 }] },
    ]);
    expect(highlight('(City:berlin AND City:lyon) OR Age:31')).toEqual([
      { field: 'Age', spans: [{ start: 0, end: 2 }] },
    ]);
    expect(highlight('City:berlin AND City:ber*')).toEqual([
      { field: 'City', spans: [{ start: 0, end: 6 }] },
    ]);
  });
});
