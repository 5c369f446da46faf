/**
 * NoEmptyPhrase: a phrase holds something. `""` has no words to search for: the
 * service matches nothing with it (or, in a field, nothing of that field).
 *
 *   valid:   "New York"      City:"Berlin"
 *   invalid: ""              City:""        (empty-phrase)
 *   valid:   P:" "  (a blank phrase may be a value: a picklist code of one space)
 */
import type { Rule } from '../rule.js';

export const NoEmptyPhrase: Rule = {
  name: 'NoEmptyPhrase',
  invariant: 'A phrase holds at least one character to search for.',
  needsSchema: false,
  codes: {
    'empty-phrase': {
      severity: 'warning',
      autofix: false,
      summary: 'an empty phrase `""`, which searches for nothing',
    },
  },
  create(context) {
    return {
      Phrase(node, parent) {
        // Only "" itself: a blank phrase, `P:" "`, may be an exact value (a picklist code of one space).
        if (node.value !== '') return;
        // In a range bound or a comparison a "" is a value of its own; as a clause it is a search for nothing.
        if (
          parent !== null &&
          parent.kind !== 'And' &&
          parent.kind !== 'Or' &&
          parent.kind !== 'Group' &&
          parent.kind !== 'Query' &&
          parent.kind !== 'Field'
        )
          return;
        // Past maxDiagnostics only counted: a flood of `""` builds no diagnostics (context.ts).
        if (context.reportRoom() === 0) return context.reportUnbuilt('empty-phrase', 1);
        context.report({
          code: 'empty-phrase',
          message:
            'an empty phrase searches for nothing: write the words to search for between the quotes',
          span: node.span,
        });
      },
    };
  },
};
