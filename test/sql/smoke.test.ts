import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { filter } from '../../src/evaluator/index.js';
import { START_TIMEOUT, startDatabase, tableOf } from './database.js';

const schema = {
  name: 'S',
  fields: [
    { name: 'Name', dataType: 'string' },
    { name: 'Age', dataType: 'integer' },
    { name: 'Born', dataType: 'date', dateFormat: 'DD.MM.YYYY' },
    { name: 'Active', dataType: 'boolean' },
    { name: 'Code', dataType: 'picklist' },
  ],
};
const records = [
  {
    _dataObjectId: 'a',
    Name: 'Anna Berg-Smith',
    Age: 30,
    Born: '01.02.1990',
    Active: true,
    Code: 'DE',
  },
  {
    _dataObjectId: 'b',
    Name: ['Bob Brown', 'x y z'],
    Age: '41',
    Born: '31.12.1985',
    Active: 'false',
    Code: 'FR',
  },
  { _dataObjectId: 'c', Name: 'anna maria', Age: 7 },
];
let db: PGlite;
beforeAll(async () => {
  db = await startDatabase();
}, START_TIMEOUT);
afterAll(async () => db?.close());

describe('smoke', () => {
  it('matches', async () => {
    const t = await tableOf(db, schema, records);
    for (const q of [
      'anna',
      'Name:anna',
      '"anna berg"',
      '"berg anna"~2',
      'Name:an*',
      'Name:/an+a/',
      'Name:ana~1',
      'Age:[10 TO 40]',
      'Age:>30',
      'Born:[1989 TO 1991]',
      'Born:1985-12',
      'Active:true',
      'Code:DE',
      '[Name] contains "berg-s"',
      '[Name] endswith "own"',
      '_exists_:Born',
      'NOT Code:DE',
      'Name:*',
      '"x z"~1',
      'Age:[* TO *]',
      '*:anna AND NOT Age:7',
    ]) {
      const expected = filter(records, q, { schema })
        .map((r) => r._dataObjectId)
        .sort();
      expect(await t.ids(q), q).toEqual(expected);
    }
  });
});
