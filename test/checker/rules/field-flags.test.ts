import { expect, it } from 'vitest';
import { check } from '../../../src/checker/check.js';
import { ActiveFields } from '../../../src/checker/rules/active-fields.js';
import { PersonalDataFields } from '../../../src/checker/rules/personal-data-fields.js';
import { ruleTable, schema } from '../helpers.js';

ruleTable(ActiveFields, {
  fires: [
    ['[Legacy Customer Number] eq "UK-004411"', 'inactive-field: [Legacy Customer Number]'],
    ['_exists_:Legacy\\ Customer\\ Number', 'inactive-field: Legacy\\ Customer\\ Number'],
    ['Legacy Customer Number:UK*', 'inactive-field: Legacy Customer Number'],
  ],
  passes: ['[Status] eq "ACT"', 'Legacy', '[Nope] eq "x"'],
});

ruleTable(PersonalDataFields, {
  fires: [
    ['[Email] contains "@example.com"', 'pii-field: [Email]'],
    ['First Name:Tim AND City:Berlin', 'pii-field: First Name'],
  ],
  passes: ['City:Berlin', 'Tim'],
});

it('reports personal data only when turned on', () => {
  expect(check('[Email] eq "a@b.c"', { schema }).map((d) => d.code)).toEqual([]);
  expect(
    check('[Email] eq "a@b.c"', { schema, severities: { 'pii-field': 'on' } }).map(
      (d) => `${d.code} ${d.severity}`,
    ),
  ).toEqual(['pii-field info']);
  expect(
    check('[Email] eq "a@b.c"', { schema, severities: { 'pii-field': 'error' } })[0]?.severity,
  ).toBe('error');
});
