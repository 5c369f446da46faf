import { describe, expect, it } from 'vitest';
import { compile } from '../../src/evaluator/index.js';
import { exampleSchemas, records } from './records.js';

const tim = records.find((r) => r['First Name'] === 'Tim')!;
const headphones = records.find((r) => r['Product Name'] === 'Noise Cancelling Headphones')!;
const highlight = (q: string, record = tim) =>
  compile(q, { schema: exampleSchemas }).highlight(record);

describe('highlight', () => {
  it('is empty when the record does not match', () => {
    expect(highlight('jane')).toEqual([]);
    expect(highlight('tim AND jane')).toEqual([]);
  });

  it('marks the tokens a term matched, in every field', () => {
    expect(highlight('tim')).toEqual([{ field: 'First Name', spans: [{ start: 0, end: 3 }] }]);
    expect(highlight('smith')).toEqual([{ field: 'Last Name', spans: [{ start: 0, end: 5 }] }]);
  });

  it('marks a phrase from its first to its last token', () => {
    expect(highlight('"wireless headphones"', headphones)).toEqual([
      { field: 'Description', spans: [{ start: 9, end: 28 }] },
    ]);
  });

  it('gives the index of a multivalue field value', () => {
    expect(highlight('Tags:online')).toEqual([
      { field: 'Tags', valueIndex: 1, spans: [{ start: 0, end: 6 }] },
    ]);
  });

  it('marks substrings of comparisons, whole values of typed matches', () => {
    expect(highlight('[Email] endswith "@example.com"')).toEqual([
      { field: 'Email', spans: [{ start: 9, end: 21 }] },
    ]);
    expect(highlight('[Age] ge 18')).toEqual([{ field: 'Age', spans: [{ start: 0, end: 2 }] }]);
    expect(highlight('_exists_:City')).toEqual([{ field: 'City', spans: [{ start: 0, end: 6 }] }]);
  });

  it('marks only branches that hold, and nothing under NOT', () => {
    expect(highlight('(berlin AND jane) OR smith')).toEqual([
      { field: 'Last Name', spans: [{ start: 0, end: 5 }] },
    ]);
    expect(highlight('smith AND NOT jane')).toEqual([
      { field: 'Last Name', spans: [{ start: 0, end: 5 }] },
    ]);
    expect(highlight('NOT jane')).toEqual([]);
  });

  it('merges overlapping spans of one value', () => {
    expect(highlight('tim OR ti* OR t?m', tim)).toEqual([
      { field: 'First Name', spans: [{ start: 0, end: 3 }] },
      { field: 'Email', spans: [{ start: 0, end: 9 }] },
    ]);
  });
});
