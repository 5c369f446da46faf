/**
 * Every place a plain value meets a known field: `f:x`, `f:"x y"`, each term of
 * `f:(a OR b)`, `f:>x`, the bounds of `f:[a TO b]`, and `[F] op "x"`. Rules that
 * judge values (type, bounds) visit these sites instead of node kinds.
 */
import type {
  Comparison,
  ComparisonOperator,
  Phrase,
  Range,
  Relation,
  RelationOperator,
  Term,
} from '../language/ast.js';
import type { VisitFn, Visitor } from '../language/visitor.js';
import type { SchemaField } from '../schema/schema.js';
import type { CheckContext } from './context.js';
import { isOperatorWord } from './operator-words.js';
import type { ValueNode } from './values.js';
import { kindAround, type WalkHook } from './walk.js';

/** How the value is used: matched (`f:x`), compared, or a range end. */
export type ValueRole = 'match' | ComparisonOperator | RelationOperator | 'lower' | 'upper';

/**
 * A value searched in a known field, and how: `inclusive` says for range ends whether
 * the end is inclusive (undefined for other roles). Arguments rather than an object:
 * there is a site for nearly every clause.
 */
export type ValueSiteListener = (
  node: ValueNode,
  field: SchemaField,
  role: ValueRole,
  inclusive: boolean | undefined,
) => void;

/**
 * Subscribes `onSite` to every value site whose field is known, and returns the
 * (empty) visitor for the rule: the context finds the sites once for all the rules
 * that listen, instead of each rule hooking four node kinds.
 */
export function valueSites(context: CheckContext, onSite: ValueSiteListener): Visitor {
  context.onValueSite(onSite);
  return {};
}

export interface ValueSiteHooks {
  readonly Term: WalkHook<Term>;
  readonly Phrase: WalkHook<Phrase>;
  readonly Range: VisitFn<Range>;
  readonly Comparison: VisitFn<Comparison>;
}

/** The hooks that find value sites, for the context's tracker; `emit` is called for each site of a known field. */
export function valueSiteHooks(context: CheckContext, emit: ValueSiteListener): ValueSiteHooks {
  const scopedValue = (node: ValueNode, role: ValueRole, inclusive: boolean | undefined) => {
    const field = context.scopedField();
    if (field !== undefined) emit(node, field, role, inclusive);
  };
  return {
    Term: (node, parent, given) => {
      const around = kindAround(parent, given);
      if (around === 'Fuzzy') return;
      // `f:(a or b)`: the lower-case operator word is OperatorWordsUpperCase's to report, not a value.
      if (around === 'And' && isOperatorWord(node)) return;
      scopedValue(node, around === 'Relation' ? (parent as Relation).operator : 'match', undefined);
    },
    Phrase: (node, parent, given) => {
      const around = kindAround(parent, given);
      if (around === 'Proximity') return;
      scopedValue(node, around === 'Relation' ? (parent as Relation).operator : 'match', undefined);
    },
    Range: (node) => {
      if (node.lower.value !== null && node.lower.raw !== '')
        scopedValue(node.lower, 'lower', node.lowerInclusive);
      if (node.upper.value !== null && node.upper.raw !== '')
        scopedValue(node.upper, 'upper', node.upperInclusive);
    },
    Comparison: (node) => {
      const field = context.fieldOf(node.field);
      if (field !== undefined) emit(node.value, field, node.operator, undefined);
    },
  };
}
