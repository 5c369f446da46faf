import { OperatorFitsFieldType } from '../../../src/checker/rules/operator-fits-field-type.js';
import { ruleTable } from '../helpers.js';

ruleTable(OperatorFitsFieldType, {
  fires: [
    ['[Status] gt "ACT"', 'operator-type-mismatch: [Status] gt "ACT"'],
    ['[City] le "M"', 'operator-type-mismatch: [City] le "M"'],
    ['[Age] contains "4"', 'operator-type-mismatch: [Age] contains "4"'],
    ['[VIP] startswith "Y"', 'operator-type-mismatch: [VIP] startswith "Y"'],
    ['City:[A TO M]', 'operator-type-mismatch: [A TO M]'],
    ['Status:>ACT', 'operator-type-mismatch: >ACT'],
    ['Age:4*', 'operator-type-mismatch: 4*'],
    ['Status:/AC./', 'operator-type-mismatch: /AC./'],
    ['Age:40~', 'operator-type-mismatch: 40~'],
    ['Status:"ACT INA"~2', 'operator-type-mismatch: "ACT INA"~2'],
    ['Status:(ACT OR IN*)', 'operator-type-mismatch: IN*'],
    ['[Profile Photo] eq "x"', 'unsearchable-field: [Profile Photo] eq "x"'],
    ['Logo:abc', 'unsearchable-field: Logo:abc'],
  ],
  passes: [
    '[Age] gt 65',
    '[Launch Date] le "2020-01-01"',
    '[Preferred Contact Time] ge "09:00"',
    'Age:[18 TO 65]',
    '[Email] contains "@example.com"',
    'City:Ber*',
    'City:/Ber.*/',
    'City:Berlni~',
    'Description:"wireless battery"~5',
    'Status:*',
    '_exists_:Logo',
    'Logo:*',
    'Home\\ Location:[1 TO 2]',
    'Unknown:[a TO b]',
    '[2020 TO 2021]',
    'Jo*',
  ],
});
