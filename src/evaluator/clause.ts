/**
 * A compiled clause: a predicate over records, and a way to mark what matched. Leaves
 * come in two families: those that test one field's values (typed comparisons,
 * presence, words found in place) read the field, from the record or from a column of
 * the records' table (record-table.ts); those that look at analysed words read them
 * from the per-record cache (full-text words and phrases: on a table, from its words,
 * full-text-table.ts).
 */
import type { Analysed } from './analysis.js';
import type { HighlightSink } from './highlight.js';
import { someValue, textOf, type DataRecord, type FieldReader } from './record.js';
import type { RecordTable } from './record-table.js';
import { allTexts, fieldTexts, type TextEntry, type TextMode } from './record-texts.js';

/** A clause's test of the record at a position of a table. */
export type RowTest = (row: number) => boolean;

export interface Clause {
  readonly test: (record: DataRecord) => boolean;
  /** Adds the spans of what this clause matched; called only on records the whole query matches. */
  readonly mark: (record: DataRecord, sink: HighlightSink) => void;
  /**
   * The same test by position in a table, reading fields from its columns; absent when
   * the clause gains nothing from columns (it then tests the table's records).
   */
  readonly rows?: (table: RecordTable) => RowTest;
  /**
   * Set when the clause is a test of one field's value as read (`test(r)` is
   * `matches(read(r))`): AND, OR and NOT of clauses on the same field then read it once
   * per record (same-field.ts); `filter` reads it in its own loop (compile.ts).
   */
  readonly field?: FieldTest;
  /**
   * Set when the test searches every value of the record (full text): the length of the
   * text it looks for (a longer one lets the search skip more), 0 for one that analyses
   * or measures every value. AND and OR test such clauses after the others, the longest
   * first (matchers.ts, `combine`).
   */
  readonly scan?: number;
}

/** A field, and a test of its value as read (a single value, an array, or undefined). */
export interface FieldTest {
  readonly target: FieldTarget;
  readonly matches: (value: unknown) => boolean;
}

export const NEVER: Clause = { test: () => false, mark: () => {}, rows: () => () => false };
export const ALWAYS: Clause = { test: () => true, mark: () => {}, rows: () => () => true };

/** `clause.rows(table)`, or the clause's test of each of the table's records. */
export function rowTest(clause: Clause, table: RecordTable): RowTest {
  if (clause.rows !== undefined) return clause.rows(table);
  const { test } = clause;
  const { records } = table;
  return (row) => test(records[row]!);
}

/**
 * A clause that holds when `matches` holds for the field's value (as read: a single
 * value, an array, or undefined): `test` on a record (which is `matches(read(record))`),
 * or on a row of a table's column. Each kind of leaf writes its own `test`: a closure
 * shared by all kinds would call many kinds of `matches`, and V8 would not inline any.
 */
export function fieldClause(
  target: FieldTarget,
  matches: (value: unknown) => boolean,
  test: Clause['test'],
  mark: Clause['mark'],
): Clause {
  const { name, read } = target;
  return {
    test,
    mark,
    field: { target, matches },
    rows: (table) => {
      const values = table.column(name, read);
      return (row) => matches(values[row]);
    },
  };
}

/** Where a clause looks: one field (`field:value`, `[Field] op v`), or every field (full text). */
export interface FieldTarget {
  readonly name: string;
  readonly read: FieldReader;
}

/** A span of a value's text, or null for the whole value. */
export type ValueSpan = (text: string) => readonly [number, number] | null;

/** A clause that holds when some value of the field passes `test`. */
export function valueClause(
  target: FieldTarget,
  test: (value: unknown) => boolean,
  span?: ValueSpan,
): Clause {
  const { name, read } = target;
  // A single value of a primitive type (the usual case) goes straight to the test.
  const matches = (value: unknown): boolean =>
    typeof value === 'object'
      ? value !== null && someValue(value, test)
      : value !== undefined && test(value);
  const recordTest = (record: DataRecord): boolean => {
    const value = read(record);
    return typeof value === 'object'
      ? value !== null && someValue(value, test)
      : value !== undefined && test(value);
  };
  return fieldClause(target, matches, recordTest, (record, sink) => {
    someValue(read(record), (value, index) => {
      if (!test(value)) return false;
      const text = textOf(value);
      if (text === null) return false;
      const s = span?.(text) ?? [0, text.length];
      sink.add(name, index, s[0], s[1]);
      return false;
    });
  });
}

/** Tests one analysed value, and lists the spans that matched in it. */
export interface TextTest {
  readonly test: (analysed: Analysed) => boolean;
  readonly spans: (analysed: Analysed, add: (start: number, end: number) => void) => void;
}

function entriesClause(
  entries: (record: DataRecord) => readonly TextEntry[],
  text: TextTest,
): Clause {
  return {
    test: (record) => {
      for (const entry of entries(record)) if (text.test(entry.analysed)) return true;
      return false;
    },
    mark: (record, sink) => {
      for (const entry of entries(record))
        text.spans(entry.analysed, (start, end) => sink.add(entry.field, entry.index, start, end));
    },
  };
}

/** A clause over the analysed values of one field (`mode`: words, or the whole value as one token). */
export function textClause(target: FieldTarget, mode: TextMode, text: TextTest): Clause {
  const { name, read } = target;
  const key = `${mode}:${name}`;
  return entriesClause((record) => fieldTexts(record, key, name, read, mode), text);
}

/** A clause over every value full-text search looks at. */
export function fullTextClause(text: TextTest): Clause {
  return { ...entriesClause(allTexts, text), scan: 0 };
}

/** Either clause (a value may match in more than one way). */
export function either(a: Clause, b: Clause): Clause {
  return {
    test: (record) => a.test(record) || b.test(record),
    mark: (record, sink) => {
      a.mark(record, sink);
      b.mark(record, sink);
    },
    rows: (table) => {
      const x = rowTest(a, table);
      const y = rowTest(b, table);
      return (row) => x(row) || y(row);
    },
  };
}

/** A token test as a text test: some token passes; the matching tokens are the spans. */
export function anyToken(test: (token: string) => boolean): TextTest {
  return {
    test: (a) => {
      for (const token of a.tokens) if (test(token)) return true;
      return false;
    },
    spans: (a, add) => {
      a.tokens.forEach((token, i) => {
        if (test(token)) add(a.starts[i]!, a.ends[i]!);
      });
    },
  };
}

/** A test of the whole value (lower-cased), spanning all of it. */
export function wholeValue(test: (lowerCased: string) => boolean): TextTest {
  return {
    test: (a) => test(a.text.toLowerCase()),
    spans: (a, add) => {
      if (test(a.text.toLowerCase())) add(0, a.text.length);
    },
  };
}

/** Either text test; the spans of the first when it holds (the finer ones: tokens rather than the whole value). */
export function eitherText(a: TextTest, b: TextTest): TextTest {
  return {
    test: (x) => a.test(x) || b.test(x),
    spans: (x, add) => (a.test(x) ? a.spans(x, add) : b.spans(x, add)),
  };
}
