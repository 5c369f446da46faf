/**
 * ConjunctionsCanHold: the conditions an AND puts on one single-valued field can
 * hold together. `[Age] gt 65 and [Age] lt 18` matches nothing. Fields marked
 * multivalue are left alone (a record can hold both `a:x AND a:y`), and so are
 * text matches, which match words rather than whole values.
 *
 *   valid:   [Age] gt 18 and [Age] lt 65       Colour:BLK AND Colour:WHT (multivalue)
 *   invalid: [Age] gt 65 and [Age] lt 18       Status:ACT AND Status:INA   (contradiction)
 */
import type { And, Expr, Node } from '../../language/ast.js';
import { FIELD_KIND_TRAITS } from '../../schema/field-kind.js';
import type { SchemaField } from '../../schema/schema.js';
import type { CheckContext } from '../context.js';
import type { Rule } from '../rule.js';
import type { ValueRole } from '../value-sites.js';
import { compare, type Comparable, type ValueNode } from '../values.js';

interface End {
  readonly value: Comparable;
  readonly inclusive: boolean;
  readonly node: Node;
}

interface Constraint {
  readonly field: SchemaField;
  readonly node: Node;
  readonly lower?: End;
  readonly upper?: End;
  /** An exact value of an unordered field (picklist code, boolean, eq string). */
  readonly exact?: string;
}

/**
 * The clauses an AND requires, looking through parentheses and nested ANDs; each
 * AND found inside parentheses is added to `nested` (it is checked as part of this one).
 */
function conjuncts(node: Expr, out: Expr[], nested: WeakSet<Node>, inGroup: boolean): void {
  switch (node.kind) {
    case 'Group':
      conjuncts(node.body, out, nested, true);
      return;
    case 'And':
      if (inGroup) nested.add(node);
      for (let i = 0; i < node.operands.length; i++) conjuncts(node.operands[i]!, out, nested, false);
      return;
    default:
      out.push(node);
  }
}

/** Roles that bound an ordered field's value; for unordered fields only an exact `eq` (or a picklist or boolean match) does. */
function bounds(role: ValueRole): boolean {
  return role === 'match' || role === 'eq' || role === 'gt' || role === 'ge' || role === 'lt' || role === 'le' || role.charCodeAt(0) === 60 || role.charCodeAt(0) === 62;
}

/**
 * How many constraints `clause` can put on its field (0, 1 or 2), before reading
 * any value: what `constraintsOf` finds when every value reads well.
 */
function possibleConstraints(field: SchemaField | undefined, clause: Expr): number {
  if (field === undefined || field.multivalue || !FIELD_KIND_TRAITS[field.kind].known) return 0;
  const ordered = FIELD_KIND_TRAITS[field.kind].ordered;
  if (clause.kind === 'Comparison') return (ordered ? bounds(clause.operator) : clause.operator === 'eq') ? 1 : 0;
  if (clause.kind !== 'Field') return 0;
  const v = clause.value;
  if (v.kind === 'Term' || v.kind === 'Phrase') return ordered || field.kind === 'picklist' || field.kind === 'boolean' ? 1 : 0;
  if (!ordered) return 0;
  if (v.kind === 'Relation') return 1;
  if (v.kind !== 'Range') return 0;
  return (v.lower.value !== null && v.lower.raw !== '' ? 1 : 0) + (v.upper.value !== null && v.upper.raw !== '' ? 1 : 0);
}

function constraintOf(context: CheckContext, field: SchemaField | undefined, node: Node, value: ValueNode, role: ValueRole, inclusive = true): Constraint | undefined {
  if (field === undefined || field.multivalue || !FIELD_KIND_TRAITS[field.kind].known) return undefined;
  const text = value.kind === 'NumberValue' ? value.raw : value.value;
  if (text === null) return undefined;
  if (FIELD_KIND_TRAITS[field.kind].ordered) {
    // The value sites read the same values later: read through the context's memory.
    const reading = context.reading(value, field);
    if (!reading.ok || reading.comparable === undefined) return undefined;
    const end = (incl: boolean): End => ({ value: reading.comparable!, inclusive: incl, node });
    switch (role) {
      case 'match':
      case 'eq': {
        const at = end(true);
        return { field, node, lower: at, upper: at };
      }
      case 'gt':
      case '>':
        return { field, node, lower: end(false) };
      case 'ge':
      case '>=':
        return { field, node, lower: end(true) };
      case 'lt':
      case '<':
        return { field, node, upper: end(false) };
      case 'le':
      case '<=':
        return { field, node, upper: end(true) };
      case 'lower':
        return { field, node, lower: end(inclusive) };
      case 'upper':
        return { field, node, upper: end(inclusive) };
      default:
        return undefined;
    }
  }
  // Text fields match words, so only exact comparisons constrain them.
  const exact = role === 'eq' || (role === 'match' && (field.kind === 'picklist' || field.kind === 'boolean'));
  return exact ? { field, node, exact: text.toLowerCase() } : undefined;
}

/** Pushes the constraints `clause` puts on `field` (its field, single-valued) onto `out`. */
function constraintsOf(context: CheckContext, field: SchemaField, clause: Expr, out: Constraint[]): void {
  const push = (c: Constraint | undefined) => {
    if (c !== undefined) out.push(c);
  };
  if (clause.kind === 'Comparison') {
    push(constraintOf(context, field, clause, clause.value, clause.operator));
    return;
  }
  if (clause.kind !== 'Field') return;
  const v = clause.value;
  if (v.kind === 'Term' || v.kind === 'Phrase') push(constraintOf(context, field, clause, v, 'match'));
  else if (v.kind === 'Relation') push(constraintOf(context, field, clause, v.value, v.operator));
  else if (v.kind === 'Range') {
    if (v.lower.value !== null && v.lower.raw !== '') push(constraintOf(context, field, clause, v.lower, 'lower', v.lowerInclusive));
    if (v.upper.value !== null && v.upper.raw !== '') push(constraintOf(context, field, clause, v.upper, 'upper', v.upperInclusive));
  }
}

/** The field a clause constrains (undefined for other clauses). */
function fieldOfClause(context: CheckContext, clause: Expr): SchemaField | undefined {
  if (clause.kind === 'Comparison') return context.fieldOf(clause.field);
  if (clause.kind === 'Field') return context.fieldOf(clause.field, clause);
  return undefined;
}

/**
 * The fields constrained at least twice, given each clause's field and count of
 * possible constraints: only they can contradict themselves. Pairwise for a few, by map for many.
 */
function repeatedFields(fields: readonly (SchemaField | undefined)[], counts: readonly number[]): ReadonlySet<SchemaField> | undefined {
  let out: Set<SchemaField> | undefined;
  const n = fields.length;
  if (n <= 16) {
    for (let i = 0; i < n; i++) {
      const f = fields[i];
      if (f === undefined || counts[i] === 0 || out?.has(f)) continue;
      let total = counts[i]!;
      for (let j = i + 1; j < n && total < 2; j++) if (fields[j] === f) total += counts[j]!;
      if (total >= 2) (out ??= new Set()).add(f);
    }
    return out;
  }
  const totals = new Map<SchemaField, number>();
  for (let i = 0; i < n; i++) {
    const f = fields[i];
    if (f === undefined || counts[i] === 0) continue;
    const total = (totals.get(f) ?? 0) + counts[i]!;
    totals.set(f, total);
    if (total >= 2) (out ??= new Set()).add(f);
  }
  return out;
}

/** The tighter of two lower (sign 1) or upper (sign -1) ends; undefined when they cannot be ordered. */
function tighter(a: End | undefined, b: End | undefined, sign: 1 | -1): End | undefined | null {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const order = compare(a.value, b.value);
  if (order === undefined) return null;
  if (order === 0) return a.inclusive ? b : a;
  return order * sign > 0 ? a : b;
}

function emptyBetween(lower: End, upper: End): boolean {
  const order = compare(lower.value, upper.value);
  return order !== undefined && (order > 0 || (order === 0 && !(lower.inclusive && upper.inclusive)));
}

export const ConjunctionsCanHold: Rule = {
  name: 'ConjunctionsCanHold',
  invariant: 'The conditions an AND puts on one single-valued field can hold together.',
  needsSchema: true,
  codes: {
    contradiction: { severity: 'warning', autofix: false, summary: 'conditions on one field that cannot hold together (`[Age] gt 65 and [Age] lt 18`)' },
  },
  create(context) {
    // Nested ANDs in parentheses are checked as part of the outermost one, which marks them.
    const nested = new WeakSet<Node>();
    return {
      And(node: And) {
        if (nested.has(node)) return;
        const clauses: Expr[] = [];
        conjuncts(node, clauses, nested, false);
        // Values are read only for fields constrained twice or more: one constraint cannot contradict itself.
        const fields = new Array<SchemaField | undefined>(clauses.length);
        const counts = new Array<number>(clauses.length);
        for (let i = 0; i < clauses.length; i++) {
          const clause = clauses[i]!;
          const field = fieldOfClause(context, clause);
          fields[i] = field;
          counts[i] = possibleConstraints(field, clause);
        }
        const repeated = repeatedFields(fields, counts);
        if (repeated === undefined) return;
        const constraints: Constraint[] = [];
        for (let i = 0; i < clauses.length; i++) {
          const field = fields[i];
          if (field !== undefined && repeated.has(field) && counts[i]! > 0) constraintsOf(context, field, clauses[i]!, constraints);
        }
        const state = new Map<string, { lower?: End; upper?: End; exact?: { value: string; node: Node }; reported: boolean }>();
        for (const c of constraints) {
          const s = state.get(c.field.name) ?? { reported: false };
          state.set(c.field.name, s);
          if (s.reported) continue;
          let conflict: Node | undefined;
          if (c.exact !== undefined) {
            if (s.exact && s.exact.value !== c.exact) conflict = s.exact.node;
            else s.exact ??= { value: c.exact, node: c.node };
          } else {
            const lower = tighter(s.lower, c.lower, 1);
            const upper = tighter(s.upper, c.upper, -1);
            if (lower === null || upper === null) continue;
            if (lower && upper && emptyBetween(lower, upper)) conflict = lower.node === c.node ? upper.node : lower.node;
            else {
              s.lower = lower;
              s.upper = upper;
            }
          }
          if (conflict === undefined) continue;
          s.reported = true;
          context.report({
            code: 'contradiction',
            message: `"${c.field.name}" cannot meet this condition and an earlier one at once: this AND matches nothing`,
            span: c.node.span,
            related: [{ span: conflict.span, message: 'the condition it contradicts' }],
          });
        }
      },
    };
  },
};
