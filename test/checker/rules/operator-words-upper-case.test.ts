import { OperatorWordsUpperCase } from '../../../src/checker/rules/operator-words-upper-case.js';
import { ruleTable } from '../helpers.js';

ruleTable(OperatorWordsUpperCase, {
  fires: [
    ['john and smith', 'lowercase-operator: and'],
    ['john or jane', 'lowercase-operator: or'],
    ['john not doe', 'lowercase-operator: not'],
    ['not doe', 'lowercase-operator: not'],
    ['City:(Berlin or Paris)', 'lowercase-operator: or'],
    ['a and b or c', 'lowercase-operator: and', 'lowercase-operator: or'],
  ],
  passes: [
    'a and and b',
    'a not and b',
    'a and or b',
    'john AND smith',
    '"salt and pepper"',
    'and',
    'rock and',
    'a AND and',
    '\\and b c',
    'a \\or b',
    '[A] eq 1 and [B] eq 2',
    'or b',
    'John And Smith',
    'a not',
  ],
});
