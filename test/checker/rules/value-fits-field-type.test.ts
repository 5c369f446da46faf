import { expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import { ValueFitsFieldType } from '../../../src/checker/rules/value-fits-field-type.js';
import { applyEdits } from '../../../src/language/diagnostic.js';
import { ruleTable, schema } from '../helpers.js';

ruleTable(ValueFitsFieldType, {
  fires: [
    ['[Launch Date] eq "2021-02-30"', 'invalid-date: "2021-02-30"'],
    ['Launch\\ Date:[2021-13-01 TO *]', 'invalid-date: 2021-13-01'],
    ['[Date of Birth] eq "04/12/1985"', 'invalid-date: "04/12/1985"'],
    ['[Launch Date] ge "yesterday"', 'invalid-date: "yesterday"'],
    ['[Launch Date] eq "2021-02-03T10:00"', 'invalid-date: "2021-02-03T10:00"'],
    ['[Customer Since] eq "2021-02-03T25:00"', 'invalid-date: "2021-02-03T25:00"'],
    ['[Preferred Contact Time] eq "25:00"', 'invalid-time: "25:00"'],
    ['[Age] eq "forty"', 'invalid-number: "forty"'],
    ['[Rating] eq 2.5', 'invalid-number: 2.5'],
    ['Age:>abc', 'invalid-number: abc'],
    ['[Weight] lt "1,5"', 'invalid-number: "1,5"'],
    ['VIP:yes', 'invalid-boolean: yes'],
    ['VIP:y', 'invalid-boolean: y'],
    ['[Preferred] eq "true"', 'invalid-boolean: "true"'],
    ['VIP:maybe', 'invalid-boolean: maybe'],
    ['Status:Active', 'picklist-description: Active'],
    ['Country:"United Kingdom"', 'picklist-description: "United Kingdom"'],
    ['Status:ACX', 'unknown-picklist-code: ACX'],
    ['Status:act', 'unknown-picklist-code: act'],
    ['Status:(ACT OR Prospect)', 'picklist-description: Prospect'],
  ],
  passes: [
    '[Launch Date] eq "2021-02-28"',
    '[Launch Date] eq "2024-02-29"',
    'Launch\\ Date:[2021 TO 2022-06]',
    'Launch\\ Date:[now-1y TO now]',
    '[Customer Since] ge "2021-02-03T10:00:00"',
    '[Preferred Contact Time] eq "09:30"',
    '[Age] gt 65',
    'Age:>=18',
    '[Weight] lt 1.5',
    '[Unit Price] le "19.99"',
    'VIP:Y',
    '[Preferred] eq "1"',
    'Discontinued:true',
    'Status:(ACT OR PRO)',
    'Status:(ACT or PRO)',
    '[Status] ne "INA"',
    '[Email] contains "@example"',
    'City:"2021-02-30"',
    'Age:4*',
    'Home\\ Location:whatever',
    'Unknown:2021-02-30',
    '2021-02-30',
  ],
});

it('fixes values to what the field holds', () => {
  const fix = (query: string) => {
    const [d] = check(query, { schema, rules: [ValueFitsFieldType] });
    return applyEdits(query, d!.fixes![0]!.edits);
  };
  expect(fix('[Date of Birth] eq "04/12/1985"')).toBe('[Date of Birth] eq "1985-04-12"');
  expect(fix('Onboarded\\ On:[01.03.2015 TO *]')).toBe('Onboarded\\ On:[2015-03-01 TO *]');
  expect(fix('VIP:yes')).toBe('VIP:Y');
  expect(fix('[Preferred] eq "false"')).toBe('[Preferred] eq "0"');
  expect(fix('Status:Active')).toBe('Status:ACT');
  expect(fix('Country:"United Kingdom"')).toBe('Country:"GB"');
  expect(fix('Status:ACX')).toBe('Status:ACT');
  // A number stays a number.
  expect(fix('[Weight] lt "1,5"')).toBe('[Weight] lt 1.5');
});

it('explains why a date is not a date', () => {
  const [d] = check('[Launch Date] eq "2021-02-30"', { schema, rules: [ValueFitsFieldType] });
  expect(d?.message).toBe(
    '\'2021-02-30\' is not a real date: 2021-02 has 28 days (field "Launch Date")',
  );
  expect(d?.severity).toBe('error');
});
