/**
 * Parameters of a statement: every value goes in `values` and the text names it `$n`
 * with its type, so no value is ever spliced into the text. While a clause is built it
 * may add values that end up unused (a branch that turns out to match nothing), which
 * PostgreSQL refuses (it cannot type them): placeholders are numbered at the end, by
 * first use, and the unused values dropped. A placeholder holds U+0000, which no table
 * name (identifiers.ts) nor anything else in the text can hold.
 */

export type SqlType = 'text' | 'text[]' | 'double precision' | 'integer' | 'jsonb';

const PLACEHOLDER = /\u0000(\d+)\u0000/g;

export class Params {
  private readonly values: unknown[] = [];
  private readonly seen = new Map<string, string>();

  /** A placeholder for `value` as `type`; one per distinct value and type. */
  add(value: unknown, type: SqlType): string {
    const key = `${type}:${typeof value === 'number' ? String(value) : JSON.stringify(value)}`;
    const known = this.seen.get(key);
    if (known !== undefined) return known;
    this.values.push(value);
    const ref = `\u0000${this.values.length - 1}\u0000::${type}`;
    this.seen.set(key, ref);
    return ref;
  }

  /** The texts with `$1`, `$2`, ... by first use (across them, in order), and the values they use. */
  finish(texts: readonly string[]): { texts: string[]; values: unknown[] } {
    const numbers = new Map<number, number>();
    const values: unknown[] = [];
    const out = texts.map((text) =>
      text.replace(PLACEHOLDER, (_, index: string) => {
        let n = numbers.get(Number(index));
        if (n === undefined) {
          values.push(this.values[Number(index)]);
          numbers.set(Number(index), (n = values.length));
        }
        return `$${n}`;
      }),
    );
    return { texts: out, values };
  }
}
