/**
 * The reference for conjunctions-can-hold.property.test.ts: ConjunctionsCanHold as it was
 * before session 21, comparing every condition the moment the walk meets it, into the
 * outermost AND around it (an AND in parentheses directly inside another is part of it;
 * an OR, a NOT or a field's value starts afresh). The comparing itself is the rule's own
 * (`Comparing`): what the test holds equal is which conditions are compared, in which AND
 * and in which order, now that the rule only notes them on the way in.
 */
import type { Comparison, Field, Node, NodeKind } from '../../../src/language/ast.js';
import type { Rule } from '../../../src/checker/rule.js';
import {
  Comparing,
  ConjunctionsCanHold,
  constrainable,
} from '../../../src/checker/rules/conjunctions-can-hold.js';
import { kindAround } from '../../../src/checker/walk.js';

export const EagerConjunctionsCanHold: Rule = {
  ...ConjunctionsCanHold,
  name: 'EagerConjunctionsCanHold',
  create(context) {
    // The outermost ANDs being walked: each one's node, where the reports stood on entering it, and its comparisons.
    const ands: { node: Node; at: number; comparing: Comparing }[] = [];
    const groupsInAnd: boolean[] = [];
    const isRequired = (parent: Node | null, given: NodeKind | null | undefined): boolean => {
      const around = kindAround(parent, given);
      return around === 'And' || (around === 'Group' && groupsInAnd.at(-1) === true);
    };
    const comparing = () => ands.at(-1)!.comparing;
    return {
      Query: () => {
        ands.length = 0;
        groupsInAnd.length = 0;
      },
      Group: {
        enter: (_node: Node, parent: Node | null, around?: NodeKind | null) => {
          groupsInAnd.push(isRequired(parent, around));
        },
        leave: () => {
          groupsInAnd.pop();
        },
      },
      And: {
        enter: (node: Node, parent: Node | null, around?: NodeKind | null) => {
          if (!isRequired(parent, around))
            ands.push({ node, at: context.reported(), comparing: new Comparing(context) });
        },
        leave: (node) => {
          if (ands.at(-1)?.node !== node) return;
          const { at, comparing } = ands.pop()!;
          if (comparing.found.length > 0) context.reportAllAt(at, comparing.found);
        },
      },
      Comparison: (node: Comparison, parent: Node | null, around?: NodeKind | null) => {
        if (!isRequired(parent, around)) return;
        const field = context.fieldOf(node.field);
        if (constrainable(field)) comparing().add(field, node, node.value, node.operator, true);
      },
      Field: (node: Field, parent: Node | null, around?: NodeKind | null) => {
        if (!isRequired(parent, around)) return;
        const field = context.scopedField();
        if (!constrainable(field)) return;
        const v = node.value;
        if (v.kind === 'Term' || v.kind === 'Phrase')
          comparing().add(field, node, v, 'match', true);
        else if (v.kind === 'Relation') comparing().add(field, node, v.value, v.operator, true);
        else if (v.kind === 'Range') {
          if (v.lower.value !== null && v.lower.raw !== '')
            comparing().add(field, node, v.lower, 'lower', v.lowerInclusive);
          if (v.upper.value !== null && v.upper.raw !== '')
            comparing().add(field, node, v.upper, 'upper', v.upperInclusive);
        }
      },
    };
  },
};
