/**
 * AND, OR and NOT of clauses on one field (`City:berlin OR City:lyon`, `City:(a OR b)`, a
 * schema-less `f:x` tried as words and as a typed value) read the field once per record
 * and test the value as often as needed. Reading a field is most of what a one-field
 * clause costs on records seen for the first time (a keyed load, an own-property check
 * and a cache miss per record: bench/README.md), the test of a value little.
 */
import { fieldClause, type Clause, type FieldTest } from './clause.js';
import type { DataRecord, FieldReader } from './record.js';

type ValueTest = FieldTest['matches'];

/** All (AND) or any (OR) of the tests of a value: apart from the record and row versions (matchers.ts), so that V8 keeps each call site's feedback to one kind of argument. */
function allOrAnyValue(tests: readonly ValueTest[], all: boolean): ValueTest {
  if (tests.length === 2) {
    const [a, b] = tests as [ValueTest, ValueTest];
    return all ? (v) => a(v) && b(v) : (v) => a(v) || b(v);
  }
  return all
    ? (v) => {
        for (const t of tests) if (!t(v)) return false;
        return true;
      }
    : (v) => {
        for (const t of tests) if (t(v)) return true;
        return false;
      };
}

/** Clauses that all test the value of one field (the same reader), as one clause that reads it once. */
export function sameField(clauses: readonly Clause[], all: boolean): Clause {
  const { target } = clauses[0]!.field!;
  const { read } = target;
  const matches = allOrAnyValue(
    clauses.map((c) => c.field!.matches),
    all,
  );
  const test = (record: DataRecord): boolean => matches(read(record));
  const marks = clauses.map((c) => c.mark);
  // An AND marks only when all of it holds (it may sit in an OR that matched by another branch), as combine's does.
  return fieldClause(
    target,
    matches,
    test,
    all
      ? (r, sink) => test(r) && marks.forEach((m) => m(r, sink))
      : (r, sink) => marks.forEach((m) => m(r, sink)),
  );
}

/**
 * The operands of an AND or OR with those on one field joined (`sameField`, in the place
 * of the first of them); the others as they are, in their order. The operands as given
 * when no two share a field.
 */
export function joinSameField(operands: readonly Clause[], all: boolean): readonly Clause[] {
  const byField = new Map<FieldReader, Clause[]>();
  let shared = false;
  for (const clause of operands) {
    if (clause.field === undefined) continue;
    const { read } = clause.field.target;
    const group = byField.get(read);
    if (group === undefined) {
      byField.set(read, [clause]);
    } else {
      group.push(clause);
      shared = true;
    }
  }
  if (!shared) return operands;
  const out: Clause[] = [];
  const joined = new Set<Clause[]>();
  for (const clause of operands) {
    const group = clause.field === undefined ? undefined : byField.get(clause.field.target.read);
    if (group === undefined || group.length === 1) {
      out.push(clause);
    } else if (!joined.has(group)) {
      out.push(sameField(group, all));
      joined.add(group);
    }
  }
  return out;
}
