import { expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import { RangesAreNotEmpty } from '../../../src/checker/rules/ranges-are-not-empty.js';
import { applyEdits } from '../../../src/language/diagnostic.js';
import { ruleTable, schema } from '../helpers.js';

ruleTable(RangesAreNotEmpty, {
  fires: [
    ['[2021 TO 2020]', 'inverted-range: [2021 TO 2020]'],
    ['Age:[65 TO 18]', 'inverted-range: [65 TO 18]'],
    ['Launch\\ Date:[2021-06-01 TO 2021-01-31]', 'inverted-range: [2021-06-01 TO 2021-01-31]'],
    ['Age:{18 TO 18}', 'empty-range: {18 TO 18}'],
    ['Age:[18 TO 18}', 'empty-range: [18 TO 18}'],
    ['x:[10 TO 9]', 'inverted-range: [10 TO 9]'],
  ],
  passes: [
    '[2020 TO 2021]',
    'Age:[18 TO 18]',
    'Age:[18 TO *]',
    'Age:[* TO 18]',
    'City:[M TO A]',
    'Launch\\ Date:[2021 TO 2021-06-01]',
    'x:[b TO a]',
    '[now TO now-1d]',
    'Age:[9 TO 10]',
  ],
});

it('fixes an inverted range by swapping its bounds, and an empty one by including the bound', () => {
  const fix = (query: string) =>
    applyEdits(query, check(query, { rules: [RangesAreNotEmpty], schema })[0]!.fixes![0]!.edits);
  expect(fix('Age:[65 TO 18}')).toBe('Age:[18 TO 65}');
  expect(fix('Age:{18 TO 18}')).toBe('Age:[18 TO 18]');
});
