/**
 * The generated cases of the Lucene leg of the parity law: the parity law's schemas,
 * records and queries (test/sql/arbitraries.ts) from a fixed seed, each query compiled by
 * `toQueryDsl` and each schema by `indexMapping`. scripts/lucene-dsl/record.ts asks Lucene
 * about them; lucene.test.ts replays the answers.
 */
import fc from 'fast-check';
import type { DataRecord } from '../../src/evaluator/index.js';
import {
  indexMapping,
  type IndexMapping,
  type QueryDsl,
  toQueryDsl,
} from '../../src/opensearch/index.js';
import {
  fields,
  type GeneratedField,
  queriesFor,
  recordsOf,
  schemaOf,
  textOf,
} from '../sql/arbitraries.js';

export const NOW = new Date('2026-06-15T12:00:00Z');
const SEED = 25;
const CASES = 110;

export interface LuceneCase {
  readonly fields: readonly GeneratedField[];
  readonly records: readonly DataRecord[];
  readonly mapping: IndexMapping;
  readonly queries: readonly { readonly query: string; readonly dsl: QueryDsl }[];
}

/**
 * Values the evaluator and OpenSearch read differently by design, left out of the
 * generated records (docs/engines.md lists them): a date-time without seconds or without
 * a time (mdq equals it to every instant it prefixes; OpenSearch stores one instant), and
 * a day that does not exist (java.time's lenient reading moves 30 February to the 28th).
 */
function sameOnBoth(field: GeneratedField, value: unknown): boolean {
  if (Array.isArray(value)) return value.every((v) => sameOnBoth(field, v));
  if (typeof value !== 'string') return true;
  if (field.kind === 'datetime') return !/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2})?$/.test(value);
  if (field.kind === 'date') return !value.includes('30') || !/(^|\D)0?2(\D|$)/.test(value);
  return true;
}

/** True when the compiler says the DSL may not mean what the evaluator means. */
export function declaredDifferent(
  diagnostics: readonly { code: string; severity: string }[],
): boolean {
  return diagnostics.some((d) => d.code.startsWith('opensearch-') && d.severity !== 'info');
}

/**
 * Hand-written cases beside the generated ones: the edges the generator meets too seldom
 * (empty values against patterns that match the empty text, phrases across two values,
 * presence of the empty text, dates a shorter date equals, times).
 */
const FIXED: readonly { fields: GeneratedField[]; records: DataRecord[]; queries: string[] }[] = [
  {
    fields: [
      { name: 'Name', kind: 'string' },
      { name: 'Code', kind: 'picklist' },
    ],
    records: [
      { _dataObjectId: 'id0', Name: '', Code: '' },
      { _dataObjectId: 'id1', Name: ['anna', 'berg'], Code: ['', 'DE'] },
      { _dataObjectId: 'id2', Name: 'anna berg', Code: 'de' },
      { _dataObjectId: 'id3', Name: 'berg x anna', Code: 'FR' },
    ],
    queries: [
      'Code:/~(de)/',
      'Code:/.*/',
      'Name:/(an)*/',
      'Code:**',
      'Name:**',
      '_exists_:Code',
      'Code:[* TO *]',
      'Name:"anna berg"~3',
      'Name:"berg anna"~2',
      'Name:"anna berg"',
      '"anna berg"~50',
      '[Code] eq "de"',
      'Code:de',
      '[Name] contains ""',
      'Code:{"" TO DE]',
    ],
  },
  {
    fields: [
      { name: 'Born', kind: 'date', dateFormat: 'DD.MM.YYYY' },
      { name: 'Seen', kind: 'datetime' },
      { name: 'Opens', kind: 'time' },
      { name: 'Age', kind: 'decimal' },
    ],
    records: [
      {
        _dataObjectId: 'id0',
        Born: '1.5.1990',
        Seen: '1990-05-01T10:30:00',
        Opens: '10:30',
        Age: 2.5,
      },
      {
        _dataObjectId: 'id1',
        Born: '31.05.1990',
        Seen: '1990-05-31T23:59:59Z',
        Opens: '23:59',
        Age: '12',
      },
      {
        _dataObjectId: 'id2',
        Born: '1990-06-01',
        Seen: '1990-06-01T00:00:00',
        Opens: '08:00:15',
        Age: ' 7',
      },
      { _dataObjectId: 'id3', Born: 'soon', Seen: '', Opens: 'noon', Age: 'x' },
    ],
    queries: [
      'Born:1990-05',
      'Born:>1990-05',
      'Born:>=1990-05-31',
      'Born:<1990-06',
      'Born:[1990-05-02 TO 1990-06-01}',
      'Seen:1990-05-01',
      'Seen:1990-05-01T10\\:30',
      'Seen:>1990-05',
      'Opens:23',
      'Opens:[08\\:00 TO 10\\:30]',
      'Opens:>"08:00"',
      'Age:2.5',
      'Age:{2.5 TO 12]',
      'Age:>=7',
      '[Age] contains "5"',
      'Age:*',
    ],
  },
];

export function luceneCases(): LuceneCase[] {
  const fixed = FIXED.map(({ fields: list, records, queries }) => {
    const schema = schemaOf(list);
    return {
      fields: list,
      records: records.map((r) => ({ _schemaName: 'Generated', ...r })),
      mapping: indexMapping(schema),
      queries: queries.map((query) => ({
        query,
        dsl: toQueryDsl(query, { schema, now: NOW }).query,
      })),
    };
  });
  return [...fixed, ...generatedCases()];
}

function generatedCases(): LuceneCase[] {
  const generated = fc.sample(
    fields.chain((list) =>
      fc.tuple(
        fc.constant(list),
        recordsOf(list),
        fc.array(queriesFor(list), { minLength: 4, maxLength: 4 }),
      ),
    ),
    { seed: SEED, numRuns: CASES },
  );
  return generated.map(([list, records, trees]) => {
    const schema = schemaOf(list);
    const kept = records.map((record) =>
      Object.fromEntries(
        Object.entries(record).filter(([name, value]) => {
          const field = list.find((f) => f.name === name);
          return field === undefined || sameOnBoth(field, value);
        }),
      ),
    ) as DataRecord[];
    const queries = trees
      .map((tree) => textOf(tree))
      .map((query) => ({ query, result: toQueryDsl(query, { schema, now: NOW }) }))
      .filter(({ result }) => !declaredDifferent(result.diagnostics))
      .map(({ query, result }) => ({ query, dsl: result.query }));
    return { fields: list, records: kept, mapping: indexMapping(schema), queries };
  });
}
