import { ValuesWithinFieldBounds } from '../../../src/checker/rules/values-within-field-bounds.js';
import { ruleTable } from '../helpers.js';

const long = 'x'.repeat(51);

ruleTable(ValuesWithinFieldBounds, {
  fires: [
    [`[First Name] eq "${long}"`, `value-too-long: "${long}"`],
    [`First\\ Name:${long}`, `value-too-long: ${long}`],
    [`[First Name] contains "${long}"`, `value-too-long: "${long}"`],
    ['[Customer ID] eq "C-1"', 'value-too-short: "C-1"'],
    ['[EAN] eq "123"', 'value-too-short: "123"'],
    ['[Launch Date] eq "1999-12-31"', 'date-out-of-bounds: "1999-12-31"'],
    ['Launch\\ Date:>2030-12-31', 'date-out-of-bounds: 2030-12-31'],
    ['Launch\\ Date:<2000-01-01', 'date-out-of-bounds: 2000-01-01'],
    ['Launch\\ Date:[2031-01-01 TO *]', 'date-out-of-bounds: 2031-01-01'],
    ['Launch\\ Date:{* TO 2000-01-01}', 'date-out-of-bounds: 2000-01-01'],
    ['[Date of Birth] gt "2011-01-01"', 'date-out-of-bounds: "2011-01-01"'],
    ['Onboarded\\ On:<1999-06-01', 'date-out-of-bounds: 1999-06-01'],
  ],
  passes: [
    `[First Name] eq "${'x'.repeat(50)}"`,
    '[First Name] ne "x"',
    '[Customer ID] eq "C-10000001"',
    '[Customer ID] contains "C-1"',
    'Customer\\ ID:C-1',
    '[Launch Date] eq "2000-01-01"',
    'Launch\\ Date:>=2030-12-31',
    'Launch\\ Date:<=2000-01-01',
    'Launch\\ Date:[1990-01-01 TO 2001-01-01]',
    '[Date of Birth] le "2010-12-31"',
    'Launch\\ Date:>now-1y',
    '[Launch Date] eq "2021-02-30"',
    `Notes:${long}`,
  ],
});
