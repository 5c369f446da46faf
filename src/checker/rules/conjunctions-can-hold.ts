/**
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
 * of it, while an OR, a NOT or a field's value starts afresh. They are only noted on
 * the way in; on leaving the AND, the conditions on fields it names more than once
 * (rare: most ANDs name each field once) are read and compared, in the order written.
 */
import type { Comparison, Field, Node, NodeKind } from '../../language/ast.js';
import { isKnown, isOrdered } from '../../schema/field-kind.js';
import type { SchemaField } from '../../schema/schema.js';
import type { CheckContext, Report } from '../context.js';
import type { Rule } from '../rule.js';
import type { ValueRole } from '../value-sites.js';
import { kindAround } from '../walk.js';
import { compareValues, type Comparable, type ValueNode } from '../values.js';

/**
 * What the conditions compared so far require of one field: the tightest lower and
 * upper ends, each with the clause that sets it (undefined while there is none), or
 * an exact value.
 */
interface Required {
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

function blank(): Required {
  return {
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

/** The conditions whose room the arrays keep between checks; a longer AND's is given back. */
const KEPT_CONDITIONS = 1024;

/**
 * The conditions of the ANDs being walked, in the order met: parallel arrays reused
 * from AND to AND and from check to check, so noting a condition allocates nothing. An
 * AND inside another (under an OR or a NOT) notes its conditions above the outer one's
 * and takes them off when it ends, before the outer one notes any more.
 */
class Conditions {
  readonly fields: SchemaField[] = [];
  readonly clauses: (Node | undefined)[] = [];
  readonly values: (ValueNode | undefined)[] = [];
  readonly roles: ValueRole[] = [];
  readonly inclusive: boolean[] = [];
  top = 0;

  note(
    field: SchemaField,
    clause: Node,
    value: ValueNode,
    role: ValueRole,
    inclusive = true,
  ): void {
    const i = this.top++;
    this.fields[i] = field;
    this.clauses[i] = clause;
    this.values[i] = value;
    this.roles[i] = role;
    this.inclusive[i] = inclusive;
  }

  /** Takes off every condition from `mark` on, holding on to no node of the query. */
  truncate(mark: number): void {
    // After a long AND, the arrays are let go rather than kept at its length for every later check.
    if (mark === 0 && this.fields.length > KEPT_CONDITIONS) {
      this.fields.length = this.clauses.length = this.values.length = 0;
      this.roles.length = this.inclusive.length = 0;
      this.top = 0;
      return;
    }
    for (let i = mark; i < this.top; i++) {
      this.clauses[i] = undefined;
      this.values[i] = undefined;
    }
    this.top = mark;
  }
}

/** At most this many conditions are compared pairwise for a repeated field; more go through a set. */
const PAIRWISE = 16;

/** The fields named by more than one of the conditions from `mark` to `top`; undefined when none is. */
function repeatedFields(
  fields: readonly SchemaField[],
  mark: number,
  top: number,
): Set<SchemaField> | undefined {
  let repeated: Set<SchemaField> | undefined;
  if (top - mark <= PAIRWISE) {
    for (let i = mark + 1; i < top; i++)
      for (let j = mark; j < i; j++)
        if (fields[i] === fields[j]) (repeated ??= new Set()).add(fields[i]!);
    return repeated;
  }
  const seen = new Set<SchemaField>();
  for (let i = mark; i < top; i++) {
    const field = fields[i]!;
    if (seen.has(field)) (repeated ??= new Set()).add(field);
    else seen.add(field);
  }
  return repeated;
}

/**
 * Compares conditions of one AND in the order given, and keeps the contradictions found. Exported
 * for the test that holds the rule to one comparing every condition as the walk meets it.
 */
export class Comparing {
  readonly found: Report[] = [];
  private readonly required = new Map<SchemaField, Required>();

  constructor(private readonly context: CheckContext) {}

  private of(field: SchemaField): Required {
    let r = this.required.get(field);
    if (r === undefined) this.required.set(field, (r = blank()));
    return r;
  }

  /** Adds the condition `value`, used in `role`, puts on `field` in the clause `node`; none for what cannot be read. */
  add(field: SchemaField, node: Node, value: ValueNode, role: ValueRole, inclusive: boolean): void {
    const text = value.kind === 'NumberValue' ? value.raw : value.value;
    if (text === null) return;
    if (!isOrdered(field.kind)) {
      // Text fields match words, so only exact comparisons constrain them.
      if (
        role === 'eq' ||
        (role === 'match' && (field.kind === 'picklist' || field.kind === 'boolean'))
      )
        this.exact(field, node, text);
      return;
    }
    const reading = this.context.reading(value, field);
    if (!reading.ok || reading.comparable === undefined) return;
    const ends = endsOf(role, inclusive);
    if (ends !== 0) this.bound(field, node, reading.comparable, ends);
  }

  /**
   * Adds the condition `node` puts on `field` with `value`: a lower end, an upper end
   * or both (`ends`, from ABOVE, BELOW and INCLUSIVE).
   */
  private bound(field: SchemaField, node: Node, value: Comparable, ends: number): void {
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
        this.contradiction(field, r, node, lowerNode === node ? upperNode : lowerNode);
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
  private exact(field: SchemaField, node: Node, value: string): void {
    const r = this.of(field);
    if (r.reported) return;
    if (r.exact === undefined) {
      r.exact = value;
      r.exactNode = node;
    } else if (!sameWithoutCase(r.exact, value)) {
      this.contradiction(field, r, node, r.exactNode!);
    }
  }

  private contradiction(field: SchemaField, r: Required, node: Node, earlier: Node): void {
    r.reported = true;
    this.found.push({
      code: 'contradiction',
      message: `"${field.name}" cannot meet this condition and an earlier one at once: this AND matches nothing`,
      span: node.span,
      related: [{ span: earlier.span, message: 'the condition it contradicts' }],
    });
  }
}

/** The contradictions among the conditions from `mark` to `top` of one AND, in the order written. */
function contradictions(
  conditions: Conditions,
  mark: number,
  context: CheckContext,
): Report[] | undefined {
  const { fields, clauses, values, roles, inclusive, top } = conditions;
  const repeated = repeatedFields(fields, mark, top);
  if (repeated === undefined) return undefined;
  const comparing = new Comparing(context);
  for (let i = mark; i < top; i++)
    if (repeated.has(fields[i]!))
      comparing.add(fields[i]!, clauses[i]!, values[i]!, roles[i]!, inclusive[i]!);
  return comparing.found;
}

/** A field whose conditions can contradict each other: known type, one value per record. */
export function constrainable(field: SchemaField | undefined): field is SchemaField {
  return field !== undefined && !field.multivalue && isKnown(field.kind);
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

export const ConjunctionsCanHold: Rule = {
  name: 'ConjunctionsCanHold',
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
    const conditions = new Conditions();
    // The outermost ANDs being walked (an OR or a NOT between two ANDs separates them):
    // each one's node, where the reports stood on entering it (its contradictions are
    // reported there, as if found on the way in), and where its conditions start.
    const ands: Node[] = [];
    const ats: number[] = [];
    const marks: number[] = [];
    // For each group being walked: whether it stands directly in an AND (through other groups).
    const groupsInAnd: boolean[] = [];
    /** True when a node under `parent` is one of the clauses the current AND requires. */
    const isRequired = (parent: Node | null, given: NodeKind | null | undefined): boolean => {
      const around = kindAround(parent, given);
      return (
        around === 'And' || (around === 'Group' && groupsInAnd[groupsInAnd.length - 1] === true)
      );
    };

    return {
      Query: () => {
        // Left over only when a check threw half-way: start clean.
        if (ands.length !== 0) ands.length = ats.length = marks.length = 0;
        if (groupsInAnd.length !== 0) groupsInAnd.length = 0;
        conditions.truncate(0);
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
          if (isRequired(parent, around)) return;
          ands.push(node);
          ats.push(context.reported());
          marks.push(conditions.top);
        },
        leave: (node) => {
          if (ands[ands.length - 1] !== node) return;
          ands.pop();
          const at = ats.pop()!;
          const mark = marks.pop()!;
          // Two conditions at least, or none can contradict another.
          const found =
            conditions.top - mark >= 2 ? contradictions(conditions, mark, context) : undefined;
          conditions.truncate(mark);
          if (found !== undefined && found.length > 0) context.reportAllAt(at, found);
        },
      },
      Comparison: (node: Comparison, parent: Node | null, around?: NodeKind | null) => {
        if (!isRequired(parent, around)) return;
        const field = context.fieldOf(node.field);
        if (constrainable(field)) conditions.note(field, node, node.value, node.operator);
      },
      Field: (node: Field, parent: Node | null, around?: NodeKind | null) => {
        if (!isRequired(parent, around)) return;
        // The context has just looked the clause's field up for its scope.
        const field = context.scopedField();
        if (!constrainable(field)) return;
        const v = node.value;
        if (v.kind === 'Term' || v.kind === 'Phrase') conditions.note(field, node, v, 'match');
        else if (v.kind === 'Relation') conditions.note(field, node, v.value, v.operator);
        else if (v.kind === 'Range') {
          if (v.lower.value !== null && v.lower.raw !== '')
            conditions.note(field, node, v.lower, 'lower', v.lowerInclusive);
          if (v.upper.value !== null && v.upper.raw !== '')
            conditions.note(field, node, v.upper, 'upper', v.upperInclusive);
        }
      },
    };
  },
};
