/**
 * The reference for conjunctions-can-hold.property.test.ts: ConjunctionsCanHold as it was
 * before it only noted conditions on the way in (session 21), reading and comparing every
 * condition as the walk met it. The rule must report exactly what this reports.
 *
 * The rule's documentation:
 *
 * ConjunctionsCanHold: the conditions an AND puts on one single-valued field can
 * hold together. `[Age] gt 65 and [Age] lt 18` matches nothing. Fields marked
 * multivalue are left alone (a record can hold both `a:x AND a:y`), and so are
 * text matches, which match words rather than whole values.
 *
 *   valid:   [Age] gt 18 and [Age] lt 65       Colour:BLK AND Colour:WHT (multivalue)
 *   invalid: [Age] gt 65 and [Age] lt 18       Status:ACT AND Status:INA   (contradiction)
 *
 * The conditions are gathered as the walk meets them, clause by clause, into the
 * outermost AND around them: an AND in parentheses directly inside another is part
 * of it, while an OR, a NOT or a field's value starts afresh. Each value is read
 * once, through the context, where the value rules read it too.
 */
import type { Comparison, Field, Node, NodeKind } from '../../../src/language/ast.js';
import { isKnown, isOrdered } from '../../../src/schema/field-kind.js';
import type { SchemaField } from '../../../src/schema/schema.js';
import type { CheckContext, Report } from '../../../src/checker/context.js';
import type { Rule } from '../../../src/checker/rule.js';
import type { ValueRole } from '../../../src/checker/value-sites.js';
import { kindAround } from '../../../src/checker/walk.js';
import { compareValues, type Comparable, type ValueNode } from '../../../src/checker/values.js';

/**
 * What the clauses met so far require of one field: the tightest lower and upper
 * ends, each with the clause that sets it (its node undefined while there is none),
 * or an exact value. Kept in scalar fields: a condition allocates nothing.
 */
interface Required {
  readonly field: SchemaField;
  /** The AND these requirements belong to; undefined when free for the next AND. */
  owner: Conjunction | undefined;
  /** The requirements of an AND around that one, on the same field (hidden while this one is in use). */
  outer: Required | undefined;
  lower: Comparable;
  lowerInclusive: boolean;
  lowerNode: Node | undefined;
  upper: Comparable;
  upperInclusive: boolean;
  upperNode: Node | undefined;
  /** An exact value of an unordered field (picklist code, boolean, eq string), as written: compared without case. */
  exact: string | undefined;
  exactNode: Node | undefined;
  /** A contradiction on the field has been reported: one per field and AND is enough. */
  reported: boolean;
}

/** A role's ends: whether the value bounds the field from below, from above, and inclusively. */
const ABOVE = 1;
const BELOW = 2;
const INCLUSIVE = 4;

/** Equal when case is ignored (picklist codes, booleans and text compare so); lower-cased only when it matters. */
const sameWithoutCase = (a: string, b: string): boolean =>
  a === b || (a.length === b.length && a.toLowerCase() === b.toLowerCase());

function blank(field: SchemaField): Required {
  return {
    field,
    owner: undefined,
    outer: undefined,
    lower: 0,
    lowerInclusive: false,
    lowerNode: undefined,
    upper: 0,
    upperInclusive: false,
    upperNode: undefined,
    exact: undefined,
    exactNode: undefined,
    reported: false,
  };
}

/**
 * The requirements of the ANDs being walked, one object per field, reused from AND
 * to AND and from check to check (a long query has hundreds of ANDs, each with a
 * few dozen fields): found through a WeakMap on the field, nothing made per AND. An
 * AND inside another (under an OR or a NOT) stacks its own requirements over the
 * outer one's and gives them back when it ends.
 */
class Requirements {
  private readonly byField = new WeakMap<SchemaField, Required>();
  // The requirements in use, in the order the ANDs took them (ANDs end in reverse order).
  private readonly taken: Required[] = [];
  private top = 0;

  /** Where the next AND's requirements will start. */
  mark(): number {
    return this.top;
  }

  of(field: SchemaField, owner: Conjunction): Required {
    let r = this.byField.get(field);
    if (r !== undefined && r.owner === owner) return r;
    if (r === undefined || r.owner !== undefined) {
      // None yet, or in use by an AND around this one: a new one on top.
      const fresh = blank(field);
      fresh.outer = r;
      this.byField.set(field, fresh);
      r = fresh;
    }
    r.owner = owner;
    this.taken[this.top++] = r;
    return r;
  }

  /** Gives back every requirement taken since `mark`, forgetting the clauses they point at. */
  release(mark: number): void {
    for (let i = this.top - 1; i >= mark; i--) {
      const r = this.taken[i]!;
      r.owner = undefined;
      r.lowerNode = r.upperNode = r.exactNode = undefined;
      r.exact = undefined;
      r.reported = false;
      if (r.outer !== undefined) {
        this.byField.set(r.field, r.outer);
        r.outer = undefined;
      }
    }
    this.top = mark;
  }
}

/** One outermost AND being walked. */
class Conjunction {
  private found: Report[] | undefined = undefined;
  /** Where this AND's requirements start among those taken. */
  readonly mark: number;

  constructor(
    readonly node: Node,
    /** Where the reports stood on entering the AND: contradictions are reported there, as if found on the way in. */
    readonly at: number,
    private readonly requirements: Requirements,
  ) {
    this.mark = requirements.mark();
  }

  private of(field: SchemaField): Required {
    return this.requirements.of(field, this);
  }

  /**
   * Adds the condition `node` puts on `field` with `value`: a lower end, an upper end
   * or both (`ends`, from ABOVE, BELOW and INCLUSIVE).
   */
  bound(field: SchemaField, node: Node, value: Comparable, ends: number): void {
    const r = this.of(field);
    if (r.reported) return;
    const inclusive = (ends & INCLUSIVE) !== 0;
    // The tighter of each pair of ends; on equal values the exclusive one.
    let lower = r.lower;
    let lowerInclusive = r.lowerInclusive;
    let lowerNode = r.lowerNode;
    if ((ends & ABOVE) !== 0) {
      const order = lowerNode === undefined ? -1 : compareValues(lower, value);
      // Two ends that cannot be ordered (`2021` and `2021-06-01`): nothing sure to say.
      if (order === undefined) return;
      if (order === 0 ? lowerInclusive : order < 0) {
        lower = value;
        lowerInclusive = inclusive;
        lowerNode = node;
      }
    }
    let upper = r.upper;
    let upperInclusive = r.upperInclusive;
    let upperNode = r.upperNode;
    if ((ends & BELOW) !== 0) {
      const order = upperNode === undefined ? 1 : compareValues(upper, value);
      if (order === undefined) return;
      if (order === 0 ? upperInclusive : order > 0) {
        upper = value;
        upperInclusive = inclusive;
        upperNode = node;
      }
    }
    if (lowerNode !== undefined && upperNode !== undefined) {
      const order = compareValues(lower, upper);
      if (
        order !== undefined &&
        (order > 0 || (order === 0 && !(lowerInclusive && upperInclusive)))
      ) {
        this.contradiction(r, node, lowerNode === node ? upperNode : lowerNode);
        return;
      }
    }
    r.lower = lower;
    r.lowerInclusive = lowerInclusive;
    r.lowerNode = lowerNode;
    r.upper = upper;
    r.upperInclusive = upperInclusive;
    r.upperNode = upperNode;
  }

  /** Adds an exact-value condition that `node` puts on an unordered `field`. */
  exact(field: SchemaField, node: Node, value: string): void {
    const r = this.of(field);
    if (r.reported) return;
    if (r.exact === undefined) {
      r.exact = value;
      r.exactNode = node;
    } else if (!sameWithoutCase(r.exact, value)) {
      this.contradiction(r, node, r.exactNode!);
    }
  }

  private contradiction(r: Required, node: Node, earlier: Node): void {
    r.reported = true;
    (this.found ??= []).push({
      code: 'contradiction',
      message: `"${r.field.name}" cannot meet this condition and an earlier one at once: this AND matches nothing`,
      span: node.span,
      related: [{ span: earlier.span, message: 'the condition it contradicts' }],
    });
  }

  report(context: CheckContext): void {
    const found = this.found;
    if (found !== undefined) context.reportAllAt(this.at, found);
  }
}

/** A field whose conditions can contradict each other: known type, one value per record. */
function constrainable(field: SchemaField | undefined): field is SchemaField {
  return field !== undefined && !field.multivalue && isKnown(field.kind);
}

/** Adds the condition `value`, used in `role`, puts on `field` in the clause `node`; none for what cannot be read. */
function addCondition(
  context: CheckContext,
  into: Conjunction,
  field: SchemaField,
  node: Node,
  value: ValueNode,
  role: ValueRole,
  inclusive = true,
): void {
  const text = value.kind === 'NumberValue' ? value.raw : value.value;
  if (text === null) return;
  if (!isOrdered(field.kind)) {
    // Text fields match words, so only exact comparisons constrain them.
    if (
      role === 'eq' ||
      (role === 'match' && (field.kind === 'picklist' || field.kind === 'boolean'))
    )
      into.exact(field, node, text);
    return;
  }
  const reading = context.reading(value, field);
  if (!reading.ok || reading.comparable === undefined) return;
  const ends = endsOf(role, inclusive);
  if (ends !== 0) into.bound(field, node, reading.comparable, ends);
}

/** The ends a value in `role` sets (0 for roles that set none, like `ne` or `contains`). */
function endsOf(role: ValueRole, inclusive: boolean): number {
  switch (role) {
    case 'match':
    case 'eq':
      return ABOVE | BELOW | INCLUSIVE;
    case 'gt':
    case '>':
      return ABOVE;
    case 'ge':
    case '>=':
      return ABOVE | INCLUSIVE;
    case 'lt':
    case '<':
      return BELOW;
    case 'le':
    case '<=':
      return BELOW | INCLUSIVE;
    case 'lower':
      return inclusive ? ABOVE | INCLUSIVE : ABOVE;
    case 'upper':
      return inclusive ? BELOW | INCLUSIVE : BELOW;
    default:
      return 0;
  }
}

export const EagerConjunctionsCanHold: Rule = {
  name: 'EagerConjunctionsCanHold',
  invariant: 'The conditions an AND puts on one single-valued field can hold together.',
  needsSchema: true,
  codes: {
    contradiction: {
      severity: 'warning',
      autofix: false,
      summary: 'conditions on one field that cannot hold together (`[Age] gt 65 and [Age] lt 18`)',
    },
  },
  create(context) {
    // The outermost ANDs being walked (an OR or a NOT between two ANDs separates them).
    const conjunctions: Conjunction[] = [];
    const requirements = new Requirements();
    // For each group being walked: whether it stands directly in an AND (through other groups).
    const groupsInAnd: boolean[] = [];
    /** True when a node under `parent` is one of the clauses the current AND requires. */
    const isRequired = (parent: Node | null, given: NodeKind | null | undefined): boolean => {
      const around = kindAround(parent, given);
      return (
        around === 'And' || (around === 'Group' && groupsInAnd[groupsInAnd.length - 1] === true)
      );
    };
    const current = (): Conjunction | undefined => conjunctions[conjunctions.length - 1];

    return {
      Query: () => {
        // Left over only when a check threw half-way: start clean.
        if (conjunctions.length !== 0) conjunctions.length = 0;
        if (groupsInAnd.length !== 0) groupsInAnd.length = 0;
        requirements.release(0);
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
            conjunctions.push(new Conjunction(node, context.reported(), requirements));
        },
        leave: (node) => {
          const top = current();
          if (top?.node !== node) return;
          conjunctions.pop();
          top.report(context);
          requirements.release(top.mark);
        },
      },
      Comparison: (node: Comparison, parent: Node | null, around?: NodeKind | null) => {
        if (!isRequired(parent, around)) return;
        const field = context.fieldOf(node.field);
        if (constrainable(field))
          addCondition(context, current()!, field, node, node.value, node.operator);
      },
      Field: (node: Field, parent: Node | null, around?: NodeKind | null) => {
        if (!isRequired(parent, around)) return;
        // The context has just looked the clause's field up for its scope.
        const field = context.scopedField();
        if (!constrainable(field)) return;
        const into = current()!;
        const v = node.value;
        if (v.kind === 'Term' || v.kind === 'Phrase')
          addCondition(context, into, field, node, v, 'match');
        else if (v.kind === 'Relation')
          addCondition(context, into, field, node, v.value, v.operator);
        else if (v.kind === 'Range') {
          if (v.lower.value !== null && v.lower.raw !== '')
            addCondition(context, into, field, node, v.lower, 'lower', v.lowerInclusive);
          if (v.upper.value !== null && v.upper.raw !== '')
            addCondition(context, into, field, node, v.upper, 'upper', v.upperInclusive);
        }
      },
    };
  },
};
