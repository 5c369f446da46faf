/** Issue 9 item 13: mistakes that used to pass silently, each as query -> diagnostics. */
import { expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import { fixQuery } from '../../../src/checker/fix-query.js';
import { DatesAreQuoted } from '../../../src/checker/rules/dates-are-quoted.js';
import { NoEmptyPhrase } from '../../../src/checker/rules/no-empty-phrase.js';
import { ValueIsOneWord } from '../../../src/checker/rules/value-is-one-word.js';
import { applyEdits } from '../../../src/language/diagnostic.js';
import { ruleTable, schema } from '../helpers.js';

ruleTable(ValueIsOneWord, {
  fires: [
    ['City:New York', 'value-then-words: New York'],
    ['Rating:5 stars', 'value-then-words: 5 stars'],
    ['Last Name:van Dijk', 'value-then-words: van Dijk'],
    ['x AND City:Rio de Janeiro OR y', 'value-then-words: Rio de Janeiro'],
  ],
  passes: [
    'City:"New York"',
    'City:Berlin AND York',
    'City:Berlin',
    '[City] eq "New York"',
    'Cty:New York',
    'City:Berlin and x',
    'City:(New York)',
    'York City:Berlin',
  ],
});

ruleTable(DatesAreQuoted, {
  fires: [['Date\\ of\\ Birth:01/02/1980', 'slash-date: 01/02/1980']],
  passes: [
    'Date\\ of\\ Birth:1980-02-01',
    '[Date of Birth] eq "01/02/1980"',
    'City:01/02/1980',
    'Date\\ of\\ Birth:01 /02/ 1980',
  ],
});

ruleTable(NoEmptyPhrase, {
  fires: [
    ['""', 'empty-phrase: ""'],
    ['City:""', 'empty-phrase: ""'],
    ['a OR ""', 'empty-phrase: ""'],
  ],
  passes: ['"New York"', 'P:" "', 'P:(" ")', '[City] eq ""', 'Age:["" TO 5]'],
});

const fixed = (query: string, code: string) => {
  const d = check(query, { schema }).find((x) => x.code === code)!;
  return (d.fixes ?? []).map((f) => applyEdits(query, f.edits));
};

it('quotes a value that runs on, where the words together are a value of the field', () => {
  expect(fixed('City:New York', 'value-then-words')).toEqual(['City:"New York"']);
  // "5 stars" is no number: said, not fixed.
  expect(fixed('Rating:5 stars', 'value-then-words')).toEqual([]);
  expect(
    check('City:New York', { schema }).find((d) => d.code === 'value-then-words')!.message,
  ).toContain("'York' is searched in every field");
});

it('writes a slash date year-month-day, as the quoted form is fixed', () => {
  expect(fixed('Date\\ of\\ Birth:01/02/1980', 'slash-date')).toEqual([
    'Date\\ of\\ Birth:1980-01-02',
  ]);
  expect(fixQuery('Date\\ of\\ Birth:01/02/1980', { schema }).text).toBe(
    'Date\\ of\\ Birth:1980-01-02',
  );
});

it('suggests fields with the word in their name before typos of it', () => {
  const [d] = check('Name:Tim', { schema });
  expect(d!.fixes!.map((f) => f.title)).toEqual([
    'Use "First Name"',
    'Use "Last Name"',
    'Use "Product Name"',
    'Use "Supplier Name"',
  ]);
});

it('says a minus right after the colon reads as NOT, and escapes or quotes it', () => {
  const [d] = check('Credit\\ Limit:-100', { schema }).filter((x) => x.code === 'missing-value');
  expect(d!.message).toContain('escape it (\\-100) or quote the value ("-100")');
  expect(d!.fixes!.map((f) => applyEdits('Credit\\ Limit:-100', f.edits))).toEqual([
    'Credit\\ Limit:\\-100',
    'Credit\\ Limit:"-100"',
  ]);
  expect(fixQuery('Credit\\ Limit:-100', { schema }).diagnostics).toEqual([]);
});
