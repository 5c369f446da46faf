/**
 * Every place a plain value meets a known field: `f:x`, `f:"x y"`, each term of
 * `f:(a OR b)`, `f:>x`, the bounds of `f:[a TO b]`, and `[F] op "x"`. Rules that
 * judge values (type, bounds) visit these sites instead of node kinds.
 */
import type { Comparison, ComparisonOperator, Phrase, Range, RelationOperator, Term } from '../language/ast.js';
import type { VisitFn, Visitor } from '../language/visitor.js';
import type { SchemaField } from '../schema/schema.js';
import type { CheckContext } from './context.js';
import type { ValueNode } from './values.js';

const OPERATOR_WORDS = new Set(['and', 'or', 'not']);

/** How the value is used: matched (`f:x`), compared, or a range end. */
export type ValueRole = 'match' | ComparisonOperator | RelationOperator | 'lower' | 'upper';

export interface ValueSite {
  readonly node: ValueNode;
  readonly field: SchemaField;
  readonly role: ValueRole;
  /** For range ends: whether the end is inclusive. */
  readonly inclusive?: boolean;
}

/**
 * Subscribes `onSite` to every value site whose field is known, and returns the
 * (empty) visitor for the rule: the context finds the sites once for all the rules
 * that listen, instead of each rule hooking four node kinds.
 */
export function valueSites(context: CheckContext, onSite: (site: ValueSite) => void): Visitor {
  context.onValueSite(onSite);
  return {};
}

export interface ValueSiteHooks {
  readonly Term: VisitFn<Term>;
  readonly Phrase: VisitFn<Phrase>;
  readonly Range: VisitFn<Range>;
  readonly Comparison: VisitFn<Comparison>;
}

/** The hooks that find value sites, for the context's tracker; `emit` is called for each site of a known field. */
export function valueSiteHooks(context: CheckContext, emit: (site: ValueSite) => void): ValueSiteHooks {
  const scoped = (node: ValueNode, role: ValueRole, inclusive?: boolean) => {
    const field = context.scope()?.field;
    if (field) emit(inclusive === undefined ? { node, field, role } : { node, field, role, inclusive });
  };
  return {
    Term: (node, parent) => {
      if (parent?.kind === 'Fuzzy') return;
      // `f:(a or b)`: the lower-case operator word is OperatorWordsUpperCase's to report, not a value.
      if (parent?.kind === 'And' && node.raw === node.value && OPERATOR_WORDS.has(node.value)) return;
      scoped(node, parent?.kind === 'Relation' ? parent.operator : 'match');
    },
    Phrase: (node, parent) => {
      if (parent?.kind === 'Proximity') return;
      scoped(node, parent?.kind === 'Relation' ? parent.operator : 'match');
    },
    Range: (node) => {
      if (node.lower.value !== null && node.lower.raw !== '') scoped(node.lower, 'lower', node.lowerInclusive);
      if (node.upper.value !== null && node.upper.raw !== '') scoped(node.upper, 'upper', node.upperInclusive);
    },
    Comparison: (node) => {
      const field = context.fieldOf(node.field);
      if (field) emit({ node: node.value, field, role: node.operator });
    },
  };
}
