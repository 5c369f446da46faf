/**
 * OperatorWordsUpperCase: a lower-case `and`, `or` or `not` standing between
 * clauses is an operator written upper case. Away from bracket comparisons the
 * engine reads lower-case words as search terms: `john and smith` searches for the
 * word "and" too.
 *
 *   valid:   john AND smith        [A] eq 1 and [B] eq 2        "salt and pepper"
 *   invalid: john and smith        john not doe                 (lowercase-operator)
 */
import type { Rule } from '../rule.js';

export const OperatorWordsUpperCase: Rule = {
  name: 'OperatorWordsUpperCase',
  invariant: 'Boolean operators between clauses are written upper case.',
  needsSchema: false,
  codes: {
    'lowercase-operator': { severity: 'warning', autofix: true, summary: 'a lower-case and/or/not between clauses, read as a search word' },
  },
  create(context) {
    return {
      And(node) {
        const last = node.operands.length - 1;
        node.operands.forEach((operand, i) => {
          if (operand.kind !== 'Term' || operand.raw !== operand.value) return;
          const word = operand.value;
          const joinedBefore = i > 0 && node.explicit[i - 1] === false;
          const joinedAfter = i < last && node.explicit[i] === false;
          const between = word === 'not' ? joinedAfter : (word === 'and' || word === 'or') && joinedBefore && joinedAfter;
          if (!between) return;
          const upper = word.toUpperCase();
          context.report({
            code: 'lowercase-operator',
            message: `'${word}' is searched as a word here; write ${upper} to ${word === 'not' ? 'exclude the next clause' : 'combine the clauses'}`,
            span: operand.span,
            fixes: [{ title: `Write ${upper}`, edits: [{ span: operand.span, text: upper }] }],
          });
        });
      },
    };
  },
};
