/**
 * OperatorWordsUpperCase: a lower-case `and`, `or` or `not` standing between
 * clauses is an operator written upper case. Away from bracket comparisons the
 * engine reads lower-case words as search terms: `john and smith` searches for the
 * word "and" too.
 *
 *   valid:   john AND smith        [A] eq 1 and [B] eq 2        "salt and pepper"
 *   invalid: john and smith        john not doe                 (lowercase-operator)
 *   unsure:  not not and x (a run of operator words: nothing is reported)
 */
import { operatorWord } from '../operator-words.js';
import type { Rule } from '../rule.js';

export const OperatorWordsUpperCase: Rule = {
  name: 'OperatorWordsUpperCase',
  invariant: 'Boolean operators between clauses are written upper case.',
  needsSchema: false,
  codes: {
    'lowercase-operator': {
      severity: 'warning',
      autofix: false,
      summary: 'a lower-case and/or/not between clauses, read as a search word',
    },
  },
  create(context) {
    return {
      And(node) {
        const operands = node.operands;
        const explicit = node.explicit;
        const last = operands.length - 1;
        // Where a run of `not`s joined without operators ends (found once per run: `not not ... x` stays linear).
        let runEnd = -1;
        for (let i = 0; i < last; i++) {
          // Every operator word the rule reports is joined to the next clause without an operator:
          // test the join first, which costs no look at the clause.
          if (explicit[i] !== false) continue;
          const operand = operands[i]!;
          const word = operatorWord(operand);
          if (word === undefined) continue;
          const before = operatorWord(operands[i - 1]);
          const after = operatorWord(operands[i + 1]);
          // Between two clauses; next to another operator word (`a and or b`) nothing is sure.
          const joinedBefore = i > 0 && explicit[i - 1] === false && before === undefined;
          const joinedAfter = after === undefined;
          let between = joinedBefore && joinedAfter;
          if (word === 'not') {
            // `not not x` is NOT NOT x; `not not and x` is a run of operator words where nothing is sure.
            if (runEnd <= i) {
              runEnd = i + 1;
              while (
                runEnd < last &&
                explicit[runEnd] === false &&
                operatorWord(operands[runEnd]) === 'not'
              )
                runEnd++;
            }
            between = operatorWord(operands[runEnd]) === undefined;
          }
          if (!between) continue;
          // Past maxDiagnostics only counted: a flood of `a and b or …` builds no messages and fixes (context.ts).
          if (context.reportRoom() === 0) {
            context.reportUnbuilt('lowercase-operator', 1);
            continue;
          }
          const upper = word.toUpperCase();
          context.report({
            code: 'lowercase-operator',
            message: `'${word}' is searched as a word here; write ${upper} to ${word === 'not' ? 'exclude the next clause' : 'combine the clauses'}`,
            span: operand.span,
            fixes: [
              {
                kind: 'syntax',
                title: `Write ${upper}`,
                edits: [{ span: operand.span, text: upper }],
              },
            ],
          });
        }
      },
    };
  },
};
