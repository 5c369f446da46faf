/**
 * `filter` searches full-text terms and exact phrases of an array it meets again in the
 * table's words (full-text-table.ts): the answers must be the matcher's, record by
 * record, on every call and after every change to the array or its records.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { format, parse, type Expr } from '../../src/index.js';
import { and, equals, not, or, phrase, term } from '../../src/builder/index.js';
import { compile, filter, forgetRecord, type DataRecord } from '../../src/evaluator/index.js';
import { FullTextTable } from '../../src/evaluator/full-text-table.js';
import {
  FULL_TEXT_BUDGET_BYTES,
  fullTextBytes,
  setFullTextBudget,
} from '../../src/evaluator/full-text-budget.js';
import { tokensOf } from '../../src/evaluator/analysis.js';

const scale = Number(process.env.FC_RUNS ?? 1);
const runs = { numRuns: 200 * scale };

/** Words that meet often, with the hard cases: case, punctuation inside words, non-ASCII, lower-casing that changes length, control characters. */
const WORDS = [
  'berlin',
  'Berlin',
  'new',
  'York',
  'x.y',
  'x',
  'y',
  'x-y',
  'Zürich',
  'İstanbul',
  'ǅ',
  'KELVIN',
  '東京',
  'ß',
  '42',
  '4.2',
  'true',
  '_',
  '__',
  "o'neil",
  'a\u0001b',
  '\u0000x',
  '\u0001',
  'tim.smith@example.com',
  'C-10',
  '😀a',
];
const word = fc.constantFrom(...WORDS);
const text = fc.oneof(
  fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')),
  fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join('\u0001')),
  fc.string({ maxLength: 6 }),
);
const FIELDS = ['f', 'g', 'a.b', '_schemaName', '_custom', '_version'];
const leafValue: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer({ min: -5, max: 50 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(
    '',
    null,
    undefined,
    true,
    false,
    new Date(Date.UTC(2021, 2, 4)),
    new Date(Number.NaN),
    10n,
  ),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leafValue },
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(leafValue, fc.array(leafValue, { maxLength: 2 })), {
      maxLength: 3,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('b', 'c', '_id'), leafValue, { maxKeys: 2 }),
  },
);
const record: fc.Arbitrary<DataRecord> = fc.dictionary(fc.constantFrom(...FIELDS), value, {
  maxKeys: 4,
});
const records = fc.array(record, { minLength: 0, maxLength: 8 });

/** Full-text terms and phrases (the table's part), sloppy phrases (not its part), mixed with field clauses. */
const fullText: fc.Arbitrary<Expr> = fc.oneof(
  word.map((w) => term(w)),
  text.filter((t) => t.length > 0).map((t) => term(t)),
  text.map((t) => phrase(t)),
  fc
    .tuple(
      fc.constantFrom('berlin', 'new', 'york', 'x', 'y'),
      fc.constantFrom('berlin', 'new', 'york', 'x'),
      fc.integer({ min: 0, max: 3 }),
    )
    .map(([a, b, slop]) => parse(`"${a} ${b}"~${slop}`).ast.body!),
  fc.tuple(fc.constantFrom('f', 'g'), word).map(([f, w]) => equals(f, w)),
);
const query: fc.Arbitrary<Expr> = fc.oneof(
  { weight: 3, arbitrary: fullText },
  { weight: 1, arbitrary: fc.tuple(fullText, fullText).map(([a, b]) => and(a, b)!) },
  { weight: 1, arbitrary: fc.tuple(fullText, fullText).map(([a, b]) => or(a, b)!) },
  { weight: 1, arbitrary: fullText.map((a) => not(a)!) },
);

/** `filter` equals the matcher's answer on each record. */
function agrees(rs: DataRecord[], queries: readonly Expr[]): void {
  for (const q of queries) {
    const m = compile(q);
    expect(filter(rs, m), format(q)).toEqual(rs.filter((r) => m(r)));
  }
}

describe('full-text search on an array met again (the table of words)', () => {
  it('answers as the matcher, first call and later, on random records and queries', () => {
    fc.assert(
      fc.property(records, fc.array(query, { minLength: 1, maxLength: 4 }), (rs, queries) => {
        for (let round = 0; round < 4; round++) agrees(rs, queries);
      }),
      runs,
    );
  });

  it('follows the array: records edited in place and forgotten, added, replaced, removed', () => {
    fc.assert(
      fc.property(
        records,
        fc.array(query, { minLength: 1, maxLength: 3 }),
        record,
        record,
        fc.nat(),
        (rs, queries, edit, added, at) => {
          agrees(rs, queries);
          agrees(rs, queries);
          if (rs.length > 0) {
            const target = rs[at % rs.length]! as Record<string, unknown>;
            for (const key of Object.keys(target)) delete target[key];
            Object.assign(target, edit);
            forgetRecord(target);
            agrees(rs, queries);
            rs[at % rs.length] = { ...added };
            agrees(rs, queries);
            agrees(rs, queries);
            rs.splice(at % rs.length, 1);
            agrees(rs, queries);
          }
          rs.push(added);
          agrees(rs, queries);
          agrees(rs, queries);
        },
      ),
      runs,
    );
  });

  it('keeps phrases inside one value, of one field, of one record', () => {
    const rs: DataRecord[] = [
      { f: ['new', 'york'] },
      { f: 'new', g: 'york' },
      { f: 'x new' },
      { f: 'york x' },
      { f: 'New-York' },
      { a: { b: 'new', c: 'york' } },
    ];
    for (let call = 0; call < 3; call++) {
      expect(filter(rs, '"new york"'), `call ${call}`).toEqual([rs[4]]);
      expect(filter(rs, 'new AND york'), `call ${call}`).toEqual([rs[0], rs[1], rs[4], rs[5]]);
      expect(filter(rs, '"york x"')).toEqual([rs[3]]);
      expect(filter(rs, '"new york"~1')).toEqual([rs[4]]);
    }
  });

  it('searches what full text searches: nested objects, numbers, booleans, dates, not the metadata, not inherited properties', () => {
    const proto = { f: 'berlin' };
    const rs: DataRecord[] = [
      { _schemaName: 'berlin', _version: 'berlin' },
      { _custom: 'berlin' },
      { a: { b: [{ c: 'Berlin' }] } },
      Object.create(proto) as DataRecord,
      { n: 42, t: true, d: new Date(Date.UTC(2021, 2, 4)), bad: new Date(Number.NaN), big: 42n },
      { f: '', g: null, h: undefined, i: [] },
    ];
    for (let call = 0; call < 3; call++) {
      expect(filter(rs, 'berlin'), `call ${call}`).toEqual([rs[1], rs[2]]);
      expect(filter(rs, '42')).toEqual([rs[4]]);
      expect(filter(rs, 'true')).toEqual([rs[4]]);
      expect(filter(rs, '"2021 03 04t00"')).toEqual([rs[4]]);
      expect(filter(rs, 'nan')).toEqual([]);
    }
  });

  it('matches words holding or near control characters as the analyser splits them', () => {
    const rs: DataRecord[] = [
      { f: 'a\u0001b' },
      { f: 'a\u0000b' },
      { f: '\u0001' },
      { f: 'a b' },
      { f: 'ab' },
    ];
    for (let call = 0; call < 3; call++) {
      expect(filter(rs, compile(phrase('a\u0001b')))).toEqual([rs[0], rs[1], rs[3]]);
      expect(filter(rs, compile(term('b')))).toEqual([rs[0], rs[1], rs[3]]);
      expect(filter(rs, compile(term('ab')))).toEqual([rs[4]]);
    }
  });

  it('matches non-ASCII words as the analyser lower-cases and splits them', () => {
    const rs: DataRecord[] = [
      { f: 'İstanbul' },
      { f: 'ZÜRICH' },
      { f: '東京都' },
      { f: 'Straße' },
      { f: 'KELVIN' },
    ];
    for (let call = 0; call < 3; call++) {
      expect(filter(rs, 'zürich')).toEqual([rs[1]]);
      expect(filter(rs, '京')).toEqual([rs[2]]);
      expect(filter(rs, '"東 京"')).toEqual([rs[2]]);
      expect(filter(rs, 'straße')).toEqual([rs[3]]);
      expect(filter(rs, 'kelvin')).toEqual([rs[4]]);
      expect(filter(rs, compile(term('i̇stanbul')))).toEqual([rs[0]]);
    }
  });
});

describe('when the words are made', () => {
  afterEach(() => vi.restoreAllMocks());

  it('for the second full-text query on an array that stayed the same, once; never for an array that changes between queries', () => {
    const made = vi.spyOn(FullTextTable, 'of');
    const rs: DataRecord[] = [{ f: 'berlin' }, { f: 'paris' }];
    const m = compile('berlin');
    filter(rs, m); // met once: a mark
    filter(rs, compile('City:x')); // a table, no full text asked
    filter(rs, m); // first ask: records tested
    expect(made).not.toHaveBeenCalled();
    expect(filter(rs, m)).toEqual([rs[0]]);
    expect(made).toHaveBeenCalledTimes(1);
    expect(filter(rs, compile('paris OR berlin'))).toEqual(rs);
    expect(made).toHaveBeenCalledTimes(1);
    const growing: DataRecord[] = [{ f: 'berlin' }];
    for (let i = 0; i < 5; i++) {
      expect(filter(growing, m)).toEqual(growing);
      growing.push({ f: 'berlin' });
    }
    expect(made).toHaveBeenCalledTimes(1);
  });
});

describe('FullTextTable', () => {
  it('holds exactly the tokens the analyser finds, in order, one value apart from the next', () => {
    // Text dense in the characters that join or split words, ASCII and not.
    const piece = fc.constantFrom(
      'a',
      'B',
      '7',
      '.',
      ':',
      "'",
      ',',
      ';',
      '_',
      ' ',
      '-',
      '@',
      '/',
      'é',
      'İ',
      '京',
      '\u0001',
      'x1',
      'Q.',
    );
    const valueText = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''));
    fc.assert(
      fc.property(
        fc.array(valueText, { minLength: 1, maxLength: 3 }),
        valueText,
        (values, other) => {
          const table = FullTextTable.of([{ f: values }])!;
          const tokens = values.map((v) => tokensOf(v));
          for (const list of tokens) {
            for (const token of list) expect(table.rowTest([token])(0), token).toBe(true);
            if (list.length > 0) expect(table.rowTest(list)(0), list.join(' ')).toBe(true);
          }
          for (const word of tokensOf(other))
            expect(table.rowTest([word])(0), word).toBe(tokens.some((list) => list.includes(word)));
          const across = tokens.filter((list) => list.length > 0);
          for (let v = 0; v + 1 < across.length; v++) {
            const pair = [across[v]![across[v]!.length - 1]!, across[v + 1]![0]!];
            expect(table.rowTest(pair)(0), pair.join(' ')).toBe(
              tokens.some((list) => list.some((t, i) => t === pair[0] && list[i + 1] === pair[1])),
            );
          }
        },
      ),
      { numRuns: 500 * scale },
    );
  });

  it('finds a word or a phrase in the rows that hold it, whatever order rows are asked in', () => {
    const rs: DataRecord[] = Array.from({ length: 3000 }, (_, i) => ({
      f: i % 7 === 0 ? 'new york' : 'york new',
      n: i,
    }));
    const table = FullTextTable.of(rs)!;
    const phraseRows = table.rowTest(['new', 'york']);
    const word = table.rowTest(['2999']);
    const expected = rs.map((_, i) => i % 7 === 0);
    expect(rs.map((_, i) => phraseRows(i))).toEqual(expected);
    // Backwards, and jumping about: the kept match is used only where it holds.
    for (let i = rs.length - 1; i >= 0; i -= 3) expect(phraseRows(i), `row ${i}`).toBe(expected[i]);
    for (const i of [2999, 0, 2998, 1, 1500]) expect(word(i), `row ${i}`).toBe(i === 2999);
  });

  it('builds the same words where there is no TextDecoder', async () => {
    vi.resetModules();
    vi.stubGlobal('TextDecoder', undefined);
    try {
      const { FullTextTable: Fresh } = await import('../../src/evaluator/full-text-table.js');
      // A block longer than the fallback's pieces of 4 096 characters.
      const rs: DataRecord[] = [
        { f: 'Garden Hose' },
        { f: `${'x '.repeat(3000)}Berlin`, g: 'Zürich' },
      ];
      const table = Fresh.of(rs)!;
      expect([0, 1].map(table.rowTest(['garden', 'hose']))).toEqual([true, false]);
      expect([0, 1].map(table.rowTest(['x', 'berlin']))).toEqual([false, true]);
      expect([0, 1].map(table.rowTest(['zürich']))).toEqual([false, true]);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  it('is empty for no records and for records without words', () => {
    expect(FullTextTable.of([])).not.toBeNull();
    const table = FullTextTable.of([{}, { f: '' }, { f: '--' }])!;
    const test = table.rowTest(['x']);
    expect([0, 1, 2].map(test)).toEqual([false, false, false]);
  });
});

describe('the budget of all arrays words (issue 30: a byte cap on FullTextTable)', () => {
  afterEach(() => {
    setFullTextBudget(FULL_TEXT_BUDGET_BYTES);
    vi.restoreAllMocks();
  });
  const records = (n: number, word: string): DataRecord[] =>
    Array.from({ length: n }, (_, i) => ({ f: `${word} r${i} common` }));
  const bytesOf = (rs: readonly DataRecord[]) => FullTextTable.of(rs)!.bytes;
  /** Asks for the words of `rs` (the second full-text query on it makes them). */
  const warm = (rs: readonly DataRecord[], word: string) => {
    for (let i = 0; i < 3; i++) expect(filter(rs, compile(word))).toHaveLength(rs.length);
  };

  it('keeps the words of all arrays within the budget: newer words let go of the oldest, answers unchanged', () => {
    const a = records(2000, 'alpha');
    const b = records(2000, 'beta');
    setFullTextBudget(Math.ceil(bytesOf(a) * 1.5));
    warm(a, 'alpha');
    expect(fullTextBytes()).toBe(bytesOf(a));
    warm(b, 'beta');
    expect(fullTextBytes()).toBe(bytesOf(b));
    // a let go of its words: tested record by record, not made again, same answers.
    const made = vi.spyOn(FullTextTable, 'of');
    expect(filter(a, compile('"r7 common"'))).toEqual([a[7]]);
    expect(filter(a, compile('alpha'))).toEqual(a);
    expect(made).not.toHaveBeenCalled();
    expect(filter(b, compile('"r7 common"'))).toEqual([b[7]]);
  });

  it('does not keep words larger than the whole budget', () => {
    const a = records(500, 'alpha');
    setFullTextBudget(bytesOf(a) - 1);
    warm(a, 'alpha');
    expect(fullTextBytes()).toBe(0);
    expect(filter(a, compile('"r42 common"'))).toEqual([a[42]]);
  });

  it('counts two bytes per character for text beyond Latin-1', () => {
    expect(FullTextTable.of([{ f: '\u4e2d\u6587' }])!.bytes).toBeGreaterThan(
      FullTextTable.of([{ f: 'ab' }])!.bytes,
    );
  });
});
