/**
 * `filter` keeps the field values of an array it meets again in columns: the answers
 * must be those of the matcher on every call, whatever happens to the array in between.
 */
import { describe, expect, it } from 'vitest';
import { compile, filter, forgetRecord, type DataRecord } from '../../src/evaluator/index.js';

const people = (): { id: number; City: string; Age: number; Tags?: string[] }[] => [
  { id: 1, City: 'Berlin', Age: 30 },
  { id: 2, City: 'Paris', Age: 41, Tags: ['vip'] },
  { id: 3, City: 'New York', Age: 65 },
  { id: 4, City: 'berlin', Age: 19 },
];
const ids = (rs: readonly DataRecord[]) => rs.map((r) => r.id);

describe('filter on an array met again', () => {
  it('answers as the matcher on the first, second and later calls', () => {
    const rs = people();
    for (const q of [
      'City:berlin',
      'Age:[20 TO 50]',
      'City:berlin OR Age:>60',
      'NOT City:paris',
      '_exists_:Tags',
      'City:"new york"',
      'City:ber*',
      'berlin',
    ]) {
      const m = compile(q);
      const expected = rs.filter((r) => m(r));
      for (let call = 0; call < 3; call++)
        expect(filter(rs, m), `${q}, call ${call}`).toEqual(expected);
    }
  });

  it('follows records added, removed, replaced and reordered in the array', () => {
    const rs = people();
    const m = compile('City:berlin');
    filter(rs, m);
    expect(ids(filter(rs, m))).toEqual([1, 4]);
    rs.push({ id: 5, City: 'BERLIN', Age: 50 });
    expect(ids(filter(rs, m))).toEqual([1, 4, 5]);
    expect(ids(filter(rs, m))).toEqual([1, 4, 5]);
    rs[1] = { id: 6, City: 'Berlin', Age: 1 };
    expect(ids(filter(rs, m))).toEqual([1, 6, 4, 5]);
    expect(ids(filter(rs, m))).toEqual([1, 6, 4, 5]);
    rs.splice(0, 1);
    expect(ids(filter(rs, m))).toEqual([6, 4, 5]);
    rs.reverse();
    expect(ids(filter(rs, m))).toEqual([5, 4, 6]);
    expect(ids(filter(rs, m))).toEqual([5, 4, 6]);
    rs.length = 0;
    expect(filter(rs, m)).toEqual([]);
  });

  it('sees a record edited in place once it is forgotten (records are taken as unchanged while cached)', () => {
    const rs = people();
    const m = compile('Age:>60');
    filter(rs, m);
    expect(ids(filter(rs, m))).toEqual([3]);
    rs[0]!.Age = 70;
    forgetRecord(rs[0]!);
    expect(ids(filter(rs, m))).toEqual([1, 3]);
    expect(ids(filter(rs, compile('Age:70')))).toEqual([1]);
  });

  it('stays right with more fields than it keeps columns for', () => {
    const rs = Array.from({ length: 20 }, (_, i) =>
      Object.fromEntries(Array.from({ length: 40 }, (_, f) => [`f${f}`, (i * f) % 7])),
    );
    for (let round = 0; round < 2; round++) {
      for (let f = 0; f < 40; f++) {
        const m = compile(`f${f}:3 OR f${39 - f}:[5 TO 6]`);
        expect(filter(rs, m)).toEqual(rs.filter((r) => m(r)));
      }
    }
  });

  it('columns hold own values only, as the matcher reads them', () => {
    const proto = { City: 'Berlin' };
    const rs = [Object.create(proto) as DataRecord, { City: 'Berlin' }];
    const m = compile('City:berlin');
    for (let call = 0; call < 3; call++) expect(filter(rs, m)).toEqual([rs[1]]);
  });
});

describe('filter on an array holding what is no record', () => {
  it('answers as the matcher on every call (no columns are read from null)', () => {
    const rs = [null, { a: 1 }, 7] as unknown as DataRecord[];
    const m = compile('*:* OR a:1');
    for (let call = 0; call < 3; call++) expect(filter(rs, m)).toEqual(rs.filter((r) => m(r)));
  });
});
