/**
 * Generated schemas, records and queries for the parity law (every engine returns the
 * records `filter` returns). Small vocabularies, so that clauses and records meet often;
 * values of every shape a field meets (arrays, numbers as text, dates in the field's
 * format and not, empty values), and every construct of the language.
 */
import fc from 'fast-check';
import { format, type Expr } from '../../src/index.js';
import {
  and,
  boost,
  compare,
  exists,
  fuzzy,
  inField,
  matchAll,
  not,
  or,
  phrase,
  proximity,
  regex,
  relation,
  term,
  valueRange,
  wildcard,
  type FieldValueClause,
} from '../../src/builder/index.js';
import type { DataRecord } from '../../src/evaluator/index.js';
import { loadSchema, type SchemaIndex } from '../../src/schema/schema.js';

export type Kind =
  | 'string'
  | 'integer'
  | 'decimal'
  | 'date'
  | 'datetime'
  | 'time'
  | 'boolean'
  | 'picklist';

export interface GeneratedField {
  readonly name: string;
  readonly kind: Kind;
  readonly dateFormat?: string;
}

const NAMES = ['Name', 'City', 'Home Town', 'n'];

const WORDS = ['anna', 'Berg', 'x', 'köln', 'x-y', 'a.b', 'ann@x.org', '42', '東京', 'Bob', 'berg'];

const DATE_FORMATS = ['DD.MM.YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'];

const kind = fc.constantFrom<Kind>(
  'string',
  'string',
  'integer',
  'decimal',
  'date',
  'datetime',
  'time',
  'boolean',
  'picklist',
);

export const fields: fc.Arbitrary<readonly GeneratedField[]> = fc
  .uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 })
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc
          .tuple(kind, fc.constantFrom(...DATE_FORMATS))
          .map(
            ([k, dateFormat]): GeneratedField =>
              k === 'date' ? { name, kind: k, dateFormat } : { name, kind: k },
          ),
      ),
    ),
  );

export function schemaOf(list: readonly GeneratedField[]): SchemaIndex {
  return loadSchema({
    name: 'Generated',
    fields: list.map((f) => ({
      name: f.name,
      dataType: f.kind,
      ...(f.dateFormat ? { dateFormat: f.dateFormat } : {}),
    })),
  });
}

const word = fc.constantFrom(...WORDS);
const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

/** A date as the field's format writes it, or ISO, or something that is no date. */
function dateValue(format: string | undefined): fc.Arbitrary<unknown> {
  const parts = fc.tuple(
    fc.integer({ min: 1989, max: 1991 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
  );
  const pad = (n: number) => String(n).padStart(2, '0');
  return fc.oneof(
    parts.map(([y, m, d]) =>
      (format ?? 'YYYY-MM-DD')
        .replace('YYYY', String(y))
        .replace('MM', pad(m))
        .replace('DD', pad(d)),
    ),
    parts.map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`),
    fc.constantFrom('soon', '', '1990-02-30'),
  );
}

function scalarOf(field: GeneratedField): fc.Arbitrary<unknown> {
  switch (field.kind) {
    case 'string':
      return fc.oneof(
        text,
        text,
        fc.constantFrom('', 'ANNA', '7'),
        fc.integer({ min: 0, max: 50 }),
      );
    case 'integer':
    case 'decimal':
      return fc.oneof(fc.integer({ min: -5, max: 50 }), fc.constantFrom(2.5, '12', ' 7', 'x', ''));
    case 'date':
      return dateValue(field.dateFormat);
    case 'datetime':
      return fc.oneof(
        dateValue(undefined),
        fc.constantFrom('1990-05-01T10:30:00', '1990-05-01 08:00', '1991-01-01T00:00:00Z'),
      );
    case 'time':
      return fc.constantFrom('10:30', '08:00:15', '23:59', 'noon', '');
    case 'boolean':
      return fc.constantFrom(true, false, 'true', 'FALSE', 'yes', 1, 0);
    case 'picklist':
      return fc.constantFrom('DE', 'FR', 'de', 'US', 7, '');
  }
}

function valueOf(field: GeneratedField): fc.Arbitrary<unknown> {
  const scalar = scalarOf(field);
  return fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(fc.oneof(scalar, fc.constant(null)), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

export function recordsOf(list: readonly GeneratedField[]): fc.Arbitrary<DataRecord[]> {
  const record = fc.record(
    Object.fromEntries(list.map((f) => [f.name, valueOf(f)])) as Record<
      string,
      fc.Arbitrary<unknown>
    >,
    { requiredKeys: [] },
  );
  return fc
    .array(record, { minLength: 1, maxLength: 8 })
    .map((rs) => rs.map((r, i) => ({ _dataObjectId: `id${i}`, _schemaName: 'Generated', ...r })));
}

/** A value written in a query on a field of `kind`. */
function queryValue(field: GeneratedField | undefined): fc.Arbitrary<string | number> {
  const any = fc.oneof(word, fc.integer({ min: -5, max: 50 }));
  switch (field?.kind) {
    case undefined:
    case 'string':
      return fc.oneof(word, word, fc.constantFrom('anna berg', 'ANNA', '7'));
    case 'integer':
    case 'decimal':
      return fc.oneof(fc.integer({ min: -5, max: 50 }), fc.constantFrom('2.5', '12', 'x'));
    case 'date':
    case 'datetime':
      return fc.constantFrom(
        '1990',
        '1990-05',
        '1990-05-01',
        '1991-01-01',
        '1990-05-01T10:30',
        'now-40y',
        'now/y',
        'x',
      );
    case 'time':
      return fc.constantFrom('10:30', '08:00', '23', '09:15:00');
    case 'boolean':
      return fc.constantFrom('true', 'false', 'yes', 'TRUE');
    case 'picklist':
      return fc.oneof(fc.constantFrom('DE', 'de', 'FR', '7'), any);
  }
}

/** A wildcard clause; the lone `*` (which the builder refuses: it means every record, or presence) as the parser makes it. */
function pattern(p: string): Expr & FieldValueClause {
  return p === '*'
    ? { kind: 'Wildcard', raw: '*', pattern: '*', span: { start: 0, end: 0 } }
    : wildcard(p);
}

const PATTERNS = ['an*', '*er*', 'b?rg', '*', '4*', 'k*n', 'x-*', '*.org', 'd?', '1990*'];
const REGEXES = [
  'an+a',
  'b.rg',
  '[a-c].*',
  '(de|fr)',
  'x{1,2}',
  '4[0-9]',
  '.*@.*',
  'k.ln',
  '~(anna)',
];

export function queriesFor(list: readonly GeneratedField[]): fc.Arbitrary<Expr> {
  const named = fc.constantFrom(...list);
  const fieldAndValue = named.chain((f) => fc.tuple(fc.constant(f), queryValue(f)));
  const leaf: fc.Arbitrary<Expr> = fc.oneof(
    word.map((w) => term(w)),
    text.map((t) => phrase(t)),
    fc.tuple(text, fc.integer({ min: 0, max: 3 })).map(([t, n]) => proximity(t, n)),
    fieldAndValue.map(([f, v]) => inField(f.name, term(v))),
    fc.tuple(named, text).map(([f, t]) => inField(f.name, phrase(t))),
    fc
      .tuple(named, text, fc.integer({ min: 0, max: 3 }))
      .map(([f, t, n]) => inField(f.name, proximity(t, n))),
    fc.tuple(named, fc.constantFrom(...PATTERNS)).map(([f, p]) => inField(f.name, pattern(p))),
    fc.constantFrom(...PATTERNS).map((p) => pattern(p)),
    fc.tuple(named, fc.constantFrom(...REGEXES)).map(([f, r]) => inField(f.name, regex(r))),
    fc
      .tuple(named, word, fc.constantFrom(0, 1, 2))
      .map(([f, w, d]) => inField(f.name, fuzzy(w.toLowerCase(), d))),
    word.map((w) => fuzzy(w.toLowerCase())),
    named.chain((f) =>
      fc
        .tuple(queryValue(f), queryValue(f), fc.boolean(), fc.boolean(), fc.boolean())
        .map(([a, b, li, ui, open]) =>
          inField(
            f.name,
            valueRange(open ? null : a, b, { lowerInclusive: li, upperInclusive: ui }),
          ),
        ),
    ),
    named.map((f) => inField(f.name, valueRange(null, null))),
    fieldAndValue.chain(([f, v]) =>
      fc
        .constantFrom<'>' | '>=' | '<' | '<='>('>', '>=', '<', '<=')
        .map((op) => inField(f.name, relation(op, v))),
    ),
    fieldAndValue.chain(([f, v]) =>
      fc
        .constantFrom(
          'eq' as const,
          'ne' as const,
          'gt' as const,
          'le' as const,
          'contains' as const,
          'startswith' as const,
          'endswith' as const,
        )
        .map((op) => compare(f.name, op, v)),
    ),
    named.map((f) => exists(f.name)),
    fc.constant(exists('_schemaName')),
    fc.constant(matchAll()),
    word.map((w) => inField('_schemaName', term(w))),
  );
  const { clause } = fc.letrec<{ clause: Expr }>((tie) => ({
    clause: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('clause'), { minLength: 2, maxLength: 3 }).map((parts) => and(...parts)!),
      fc.array(tie('clause'), { minLength: 2, maxLength: 3 }).map((parts) => or(...parts)!),
      tie('clause').map((c) => not(c)!),
      tie('clause').map((c) => boost(c, 2)),
    ),
  }));
  return clause;
}

/** The query as text (both engines then parse the same text). */
export function textOf(query: Expr): string {
  return format(query);
}
