import fc from 'fast-check';
import { expect, it } from 'vitest';
import { NameTable } from '../../src/schema/name-table.js';

const named = (name: string) => ({ name });

it('finds every value by its exact name, and nothing for any other string', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.string({ maxLength: 12 }), { maxLength: 60 }),
      fc.array(fc.string({ maxLength: 12 })),
      (names, others) => {
        const values = names.map(named);
        const table = new NameTable(values);
        values.forEach((value) => expect(table.get(value.name)).toBe(value));
        for (const other of others)
          expect(table.get(other)).toBe(values.find((v) => v.name === other));
      },
    ),
  );
});

it('tells apart names that share length, first, middle and last characters', () => {
  const values = ['Axxxb', 'Ayxyb', 'Azxzb', 'A b'].map(named);
  const table = new NameTable(values);
  for (const value of values) expect(table.get(value.name)).toBe(value);
  expect(table.get('Awxwb')).toBeUndefined();
  expect(table.get('')).toBeUndefined();
});

it('compares names built by concatenation like any other string', () => {
  const table = new NameTable([named('Date of Birth')]);
  const parts = ['Date', ' of', ' Birth'];
  expect(table.get(parts.join(''))?.name).toBe('Date of Birth');
  expect(table.get(parts[0]! + parts[1]! + parts[2]!)?.name).toBe('Date of Birth');
});
