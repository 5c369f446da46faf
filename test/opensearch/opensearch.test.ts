/**
 * mdq/opensearch on fixed cases: the mapping each kind of field gets, the DSL of each
 * construct, and every diagnostic (what the DSL cannot mean is said, never answered
 * differently). The generated cases and Lucene's answers are lucene.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import type { Expr } from '../../src/index.js';
import { not, term } from '../../src/builder/index.js';
import { parse } from '../../src/language/parse.js';
import { type QueryDsl, indexMapping, toQueryDsl } from '../../src/opensearch/index.js';
import { javaDatePattern } from '../../src/opensearch/fields.js';
import { loadSchema } from '../../src/schema/schema.js';

const schema = loadSchema({
  name: 'People',
  fields: [
    { name: 'Name', dataType: 'string' },
    { name: 'Age', dataType: 'integer' },
    { name: 'Born', dataType: 'date', dateFormat: 'DD.MM.YYYY' },
    { name: 'Day', dataType: 'date' },
    { name: 'Seen', dataType: 'datetime' },
    { name: 'Opens', dataType: 'time' },
    { name: 'Active', dataType: 'boolean' },
    { name: 'VIP', dataType: 'boolean', allowedBooleanValues: 'Y/N' },
    { name: 'Code', dataType: 'picklist' },
    { name: 'Photo', dataType: 'image' },
    { name: 'Blob', dataType: 'json' },
    { name: 'Address', dataType: 'string' },
  ],
});
const NOW = new Date('2026-06-15T12:00:00Z');

function dsl(query: string): QueryDsl {
  return toQueryDsl(query, { schema, now: NOW }).query;
}

function codes(query: string | Parameters<typeof toQueryDsl>[0]): string[] {
  return toQueryDsl(query, { schema, now: NOW }).diagnostics.map((d) => d.code);
}

describe('indexMapping', () => {
  const { settings, mappings } = indexMapping(schema);

  it('types each field by the one table, with its whole values beside it', () => {
    const value = { value: { type: 'keyword', normalizer: 'mdq_lowercase' } };
    const copy = ['mdq_text', 'mdq_value'];
    expect(settings.analysis.normalizer.mdq_lowercase).toEqual({
      type: 'custom',
      filter: ['lowercase'],
    });
    expect(mappings.dynamic).toBe(false);
    expect(mappings.properties).toMatchObject({
      mdq_text: { type: 'text', analyzer: 'standard', position_increment_gap: 100 },
      mdq_value: { type: 'keyword', normalizer: 'mdq_lowercase' },
      Name: { type: 'text', analyzer: 'standard', fields: value, copy_to: copy },
      Age: { type: 'double', ignore_malformed: true, fields: value, copy_to: copy },
      Born: { type: 'date', format: "d'.'M'.'yyyy||yyyy-MM-dd", fields: value },
      Day: { type: 'date', format: 'yyyy-MM-dd' },
      Seen: { type: 'date', format: expect.stringContaining('strict_date_optional_time') },
      Opens: { type: 'date', format: 'HH:mm:ss||HH:mm' },
      Active: { type: 'keyword', fields: value },
      Code: { type: 'keyword', fields: value },
      Photo: { type: 'keyword', index: false, fields: value },
      Blob: { type: 'text', fields: value },
    });
    // The hit metadata is indexed but not searched as full text (as in the evaluator).
    expect(mappings.properties._schemaName).not.toHaveProperty('copy_to');
  });

  it('writes mdq date formats as java.time patterns', () => {
    expect(javaDatePattern('MM/DD/YYYY')).toBe("M'/'d'/'yyyy");
    expect(javaDatePattern('DD-MM-YY', '.')).toBe("d'.'M'.'yy");
    expect(javaDatePattern("YYYY'MM")).toBe("yyyy''M");
  });

  it('takes schemas as compile does, and refuses no schema', () => {
    expect(indexMapping(schema)).toEqual(indexMapping(schema));
    expect(() => indexMapping(undefined as never)).toThrow(TypeError);
  });
});

describe('toQueryDsl', () => {
  it('words: a phrase of the field\u2019s words, or the whole value when the text has none', () => {
    expect(dsl('berlin')).toEqual({ match_phrase: { mdq_text: { query: 'berlin', slop: 0 } } });
    expect(dsl('Name:"anna berg"~2')).toEqual({
      match_phrase: { Name: { query: 'anna berg', slop: 2 } },
    });
    expect(dsl('Name:"&&"')).toEqual({ term: { 'Name.value': { value: '&&' } } });
  });

  it('typed values: numbers, dates as the interval they name, booleans by their spellings, codes', () => {
    expect(dsl('Age:30')).toEqual({ term: { Age: { value: 30 } } });
    expect(dsl('Age:x')).toEqual({ match_none: {} });
    expect(dsl('Born:1990-05')).toEqual({
      range: {
        Born: {
          gte: '1990-05-01T00:00:00.000Z',
          lt: '1990-06-01T00:00:00.000Z',
          format: 'strict_date_optional_time',
        },
      },
    });
    expect(dsl('Seen:1990-05-01T10\\:30')).toMatchObject({
      range: { Seen: { gte: '1990-05-01T10:30:00.000Z', lt: '1990-05-01T10:31:00.000Z' } },
    });
    expect(dsl('Born:1990')).toMatchObject({ range: { Born: { lt: '1991-01-01T00:00:00.000Z' } } });
    expect(dsl('Born:now-1d')).toMatchObject({
      range: { Born: { gte: '2026-06-14T00:00:00.000Z' } },
    });
    expect(dsl('Opens:"10:30"')).toMatchObject({
      range: { Opens: { gte: '1970-01-01T10:30:00.000Z', lt: '1970-01-01T10:31:00.000Z' } },
    });
    expect(dsl('Opens:noon')).toEqual({ match_none: {} });
    expect(dsl('Active:true')).toEqual({ terms: { Active: ['true'] } });
    expect(dsl('VIP:Y')).toEqual({ terms: { VIP: ['Y', 'true'] } });
    expect(dsl('VIP:true')).toEqual({ match_none: {} });
    expect(dsl('Code:DE')).toEqual({ term: { Code: { value: 'DE' } } });
    expect(dsl('Photo:x')).toEqual({ match_none: {} });
  });

  it('ranges: numbers, dates after or before a whole interval, codes and text by code point, booleans', () => {
    expect(dsl('Age:{30 TO 40]')).toEqual({ range: { Age: { gt: 30, lte: 40 } } });
    expect(dsl('Age:[x TO 4]')).toEqual({ match_none: {} });
    expect(dsl('Born:>1990-05')).toMatchObject({
      range: { Born: { gte: '1990-06-01T00:00:00.000Z' } },
    });
    expect(dsl('Born:<1990-05')).toMatchObject({
      range: { Born: { lt: '1990-05-01T00:00:00.000Z' } },
    });
    expect(dsl('Born:<=1990-05')).toMatchObject({
      range: { Born: { lt: '1990-06-01T00:00:00.000Z' } },
    });
    expect(dsl('Born:>soon')).toEqual({ match_none: {} });
    expect(dsl('Code:[DE TO FR}')).toEqual({ range: { Code: { gte: 'DE', lt: 'FR' } } });
    expect(dsl('Name:>=Bob')).toEqual({ range: { 'Name.value': { gte: 'bob' } } });
    expect(dsl('Name:[* TO *]')).toEqual({ exists: { field: 'Name.value' } });
    expect(dsl('Active:[false TO true}')).toEqual({ terms: { Active: ['false'] } });
    expect(dsl('VIP:>=N')).toEqual({ terms: { VIP: ['N', 'false', 'Y', 'true'] } });
    expect(dsl('VIP:>Y')).toEqual({ match_none: {} });
    expect(dsl('VIP:[maybe TO Y]')).toEqual({ match_none: {} });
    expect(dsl('Photo:[a TO b]')).toEqual({ match_none: {} });
  });

  it('patterns: on the words and whole values of text, on the whole values of the others', () => {
    expect(dsl('Name:an*')).toEqual({
      bool: {
        should: [
          { prefix: { Name: { value: 'an' } } },
          { prefix: { 'Name.value': { value: 'an' } } },
        ],
        minimum_should_match: 1,
      },
    });
    expect(dsl('Code:D?')).toEqual({ wildcard: { 'Code.value': { value: 'd?' } } });
    // A prefix query's value is literal text: the escaped star is a star.
    expect(dsl('Code:D\\*x*')).toEqual({ prefix: { 'Code.value': { value: 'd*x' } } });
    expect(dsl('Code:D\\?x*y')).toEqual({ wildcard: { 'Code.value': { value: 'd\\?x*y' } } });
    expect(dsl('Code:**')).toEqual({ range: { 'Code.value': { gt: '' } } });
    expect(dsl('Code:*')).toEqual({ range: { 'Code.value': { gt: '' } } });
    expect(dsl('*')).toEqual({ match_all: {} });
    expect(dsl('Code:/d./')).toEqual({ regexp: { 'Code.value': { value: 'd.', flags: 'ALL' } } });
    // A pattern the empty text matches is intersected with non-empty text (an empty value is the empty keyword).
    expect(dsl('Code:/d*/')).toEqual({
      regexp: { 'Code.value': { value: '(d*)&(.+)', flags: 'ALL' } },
    });
    expect(dsl('Code:roma~1')).toEqual({
      fuzzy: {
        'Code.value': {
          value: 'roma',
          fuzziness: 1,
          prefix_length: 0,
          max_expansions: 1024,
          transpositions: true,
        },
      },
    });
  });

  it('comparisons, presence, negation, boosts and the rest of the table', () => {
    expect(dsl('[Name] eq "Anna"')).toEqual({ term: { 'Name.value': { value: 'anna' } } });
    expect(dsl('[Age] ne 3')).toEqual({ bool: { must_not: [{ term: { Age: { value: 3 } } }] } });
    expect(dsl('[Age] gt 3')).toEqual({ range: { Age: { gt: 3 } } });
    expect(dsl('[Age] ge 3')).toEqual({ range: { Age: { gte: 3 } } });
    expect(dsl('[Age] lt 3')).toEqual({ range: { Age: { lt: 3 } } });
    expect(dsl('[Age] le 3')).toEqual({ range: { Age: { lte: 3 } } });
    expect(dsl('[Name] contains "a*b"')).toEqual({
      wildcard: { 'Name.value': { value: '*a\\*b*' } },
    });
    expect(dsl('[Name] startswith "An"')).toEqual({ wildcard: { 'Name.value': { value: 'an*' } } });
    expect(dsl('[Name] endswith "na"')).toEqual({ wildcard: { 'Name.value': { value: '*na' } } });
    expect(dsl('[Name] contains ""')).toEqual({ exists: { field: 'Name.value' } });
    expect(dsl('[Photo] contains "x"')).toEqual({ match_none: {} });
    expect(dsl('[Nope] ne 1')).toEqual({ match_all: {} });
    expect(dsl('[Nope] eq 1')).toEqual({ match_none: {} });
    expect(dsl('_exists_:Name')).toEqual({ range: { 'Name.value': { gt: '' } } });
    expect(dsl('_exists_:Nope')).toEqual({ match_none: {} });
    expect(dsl('NOT *:*')).toEqual({ match_none: {} });
    expect(dsl('NOT Nope:x')).toEqual({ match_all: {} });
    expect(dsl('a^2')).toEqual({
      bool: { must: [{ match_phrase: { mdq_text: { query: 'a', slop: 0 } } }], boost: 2 },
    });
    expect(dsl('+a AND (b OR *:*)')).toEqual({
      match_phrase: { mdq_text: { query: 'a', slop: 0 } },
    });
    expect(dsl('a OR Nope:x')).toEqual({ match_phrase: { mdq_text: { query: 'a', slop: 0 } } });
    expect(dsl('*:x')).toEqual({ match_phrase: { mdq_text: { query: 'x', slop: 0 } } });
    expect(dsl('Nope:x AND a')).toEqual({ match_none: {} });
    expect(dsl('Nope:x OR Nope:y')).toEqual({ match_none: {} });
  });

  it('says what it cannot mean, and that clause matches nothing', () => {
    expect(codes('Nope:x')).toEqual(['unknown-field']);
    expect(codes('Address.city:x')).toEqual(['opensearch-nested-field']);
    expect(codes('[* TO 5]')).toEqual(['opensearch-full-text-range']);
    expect(codes('Blob:>3')).toEqual(['opensearch-untyped-field']);
    expect(codes('[Blob] eq 3')).toEqual(['opensearch-untyped-field']);
    expect(codes('Blob:3')).toEqual(['opensearch-untyped-value']);
    expect(codes('Blob:anna')).toEqual([]);
    expect(codes('Name:/a{1,3/')).toEqual(['invalid-regex']);
    expect(codes('Name:x~5')).toEqual([
      'fuzzy-distance',
      'opensearch-fuzzy-expansions',
      'opensearch-fuzzy-empty',
    ]);
    expect(codes('"\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35 x"')).toEqual(['opensearch-analyzer']);
    expect(codes('"a b"~100')).toEqual(['opensearch-slop']);
    expect(codes('')).toEqual(['empty-query']);
    expect(codes(parse('a AND (').ast)).toContain('unevaluable');
    let deep: Expr = term('a');
    for (let i = 0; i < 3000; i++) deep = not(deep)!;
    expect(codes(deep)).toEqual(['too-deep']);
    const twoSchemas = loadSchema([
      { name: 'A', fields: [{ name: 'F', dataType: 'integer' }] },
      { name: 'B', fields: [{ name: 'F', dataType: 'string' }] },
    ]);
    expect(toQueryDsl('F:1', { schema: twoSchemas }).diagnostics.map((d) => d.code)).toEqual([
      'opensearch-typed-per-schema',
      // Merged, the field has no one type.
      'opensearch-untyped-value',
    ]);
  });

  it('takes a tree as well as text, and refuses anything else', () => {
    const tree = parse('Age:30').ast;
    expect(toQueryDsl(tree, { schema }).query).toEqual(dsl('Age:30'));
    expect(toQueryDsl(tree.body!, { schema }).query).toEqual(dsl('Age:30'));
    expect(() => toQueryDsl(42 as never, { schema })).toThrow(TypeError);
    expect(toQueryDsl('Born:now', { schema }).query).toHaveProperty('range');
  });
});
