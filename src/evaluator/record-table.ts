/**
 * Columns of field values for an array of records that `filter` meets again. Reading a
 * field out of a record costs a property look-up and, for records of many fields, a
 * cache miss (the value lives in a separate block of the object), and that is most of
 * what a one-field query costs. So from the second query on the same array on, the
 * values of each field a query reads are kept in a column (one plain array per field),
 * read once and then scanned in order.
 *
 * The first query on an array keeps nothing but a mark that it was seen (it would pay
 * for building columns that no later query may use). A table lives as long as its array
 * (a WeakMap keyed by it), holds at most `MAX_COLUMNS` columns, and follows the array:
 * a changed length, or a record replaced at some position, is noticed and the columns
 * are built again. The words of the records, for full-text terms and phrases, are kept
 * alike from the second full-text query on a table on (full-text-table.ts), and go with
 * the columns or when newer words need room in their budget (full-text-budget.ts). Records are taken as unchanged while cached, as their tokens are
 * (record-texts.ts): after editing a record in place call `forgetRecord`, which drops
 * every table's columns.
 */
import type { Clause, RowTest } from './clause.js';
import { admitWords, type WordsHolder } from './full-text-budget.js';
import { FullTextTable } from './full-text-table.js';
import type { DataRecord, FieldReader } from './record.js';
import { wordInitials } from './word-initials.js';

/** At most this many columns per array: a query names few fields, and each column costs a slot per record. */
const MAX_COLUMNS = 32;

/** A snapshot of an array's records, and the columns of field values read from them. */
export class RecordTable implements WordsHolder {
  /** The records when the columns were read (the array may change later: `filter` compares). */
  readonly records: readonly DataRecord[];
  private readonly columns = new Map<string, readonly unknown[]>();
  /** Per column, the first characters of each value's words (word-initials.ts), made when a prefix wildcard first asks. */
  private readonly initialsOf = new Map<string, Int32Array>();
  /**
   * Row tests made for this table, by clause: the same query again gets the same
   * functions, which V8 keeps optimised (new ones would be compiled again). They hold
   * columns, so they go when the columns do.
   */
  private rowTests = new WeakMap<Clause, RowTest>();
  /** The words of all records for full-text terms and phrases (null: not kept), made when a second query asks for them. */
  private words: FullTextTable | null | undefined;
  /** The pass (a row test being made) that first asked for the words. */
  private wantedIn: number | undefined;
  private pass = 0;
  /** True while a row test is made that asked for words not kept yet: it tests records, and is not kept either. */
  private provisional = false;
  /** The `forgetRecord` count when the columns were read: a later edit makes them stale. */
  readonly edits: number;

  constructor(records: readonly DataRecord[]) {
    this.records = records.slice();
    this.edits = edits;
  }

  /** The values of field `name` (as `read` reads them), one per record, read now if not yet. */
  column(name: string, read: FieldReader): readonly unknown[] {
    let values = this.columns.get(name);
    if (values === undefined) {
      const { records } = this;
      const out = new Array<unknown>(records.length);
      for (let i = 0; i < records.length; i++) out[i] = read(records[i]!);
      if (this.columns.size >= MAX_COLUMNS) {
        this.columns.clear();
        this.initialsOf.clear();
        this.rowTests = new WeakMap();
      }
      this.columns.set(name, out);
      values = out;
    }
    return values;
  }

  /** The first characters of the words of field `name`'s values, one bit set per record (word-initials.ts). */
  initials(name: string, read: FieldReader): Int32Array {
    let bits = this.initialsOf.get(name);
    if (bits === undefined) {
      const values = this.column(name, read);
      bits = new Int32Array(values.length);
      for (let i = 0; i < values.length; i++) bits[i] = wordInitials(values[i]);
      this.initialsOf.set(name, bits);
    }
    return bits;
  }

  /**
   * The words of the records (full-text-table.ts), or null. The first query that asks
   * gets null (and tests the records, as on an array met once): the words cost a few
   * cold queries to make, so they are made for the second, once the array has stayed
   * the same (an array that changes between queries never pays for them).
   */
  fullText(): FullTextTable | null {
    if (this.words !== undefined) return this.words;
    if (this.wantedIn === undefined || this.wantedIn === this.pass) {
      this.wantedIn = this.pass;
      this.provisional = true;
      return null;
    }
    const words = FullTextTable.of(this.records);
    // Within the budget of all tables' words (full-text-budget.ts), or not kept.
    this.words = words !== null && admitWords(this, words.bytes) ? words : null;
    return this.words;
  }

  /** Lets go of the words (the budget needs room): the row tests made with them go too; records are tested one by one from now on. */
  dropWords(): void {
    this.words = null;
    this.rowTests = new WeakMap();
  }

  /** The row test of `clause` on this table, made by `make` once (or again, when it had to do without the words). */
  rowTest(clause: Clause, make: () => RowTest): RowTest {
    let test = this.rowTests.get(clause);
    if (test === undefined) {
      this.pass++;
      this.provisional = false;
      test = make();
      if (!this.provisional) this.rowTests.set(clause, test);
    }
    return test;
  }
}

/** Arrays seen once (`true`), or seen again (their table). */
const tables = /* @__PURE__ */ new WeakMap<readonly DataRecord[], RecordTable | true>();
let edits = 0;

/**
 * The table of `records` when `filter` has met the array before (made or renewed now if
 * its length changed or a record was forgotten since), else undefined (and the array is
 * marked as seen).
 */
export function tableFor(records: readonly DataRecord[]): RecordTable | undefined {
  const known = tables.get(records);
  if (known === undefined) {
    tables.set(records, true);
    return undefined;
  }
  if (known !== true && known.records.length === records.length && known.edits === edits)
    return known;
  // Something that is no record (null, a number) is left to the matcher, which says what it says of it.
  if (!records.every(isObject)) return undefined;
  const table = new RecordTable(records);
  tables.set(records, table);
  return table;
}

const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null;

/** Drops the table of `records` (a record in it was replaced: its columns no longer hold). */
export function dropTable(records: readonly DataRecord[]): void {
  tables.set(records, true);
}

/** Makes every table's columns stale (a record was edited in place). */
export function forgetColumns(): void {
  edits++;
}
