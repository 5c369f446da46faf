/** Parameters of a statement: every value goes in `values` and the text names it `$n` with its type, so no value is ever spliced into the text. */

export type SqlType = 'text' | 'text[]' | 'double precision' | 'integer' | 'jsonb';

export class Params {
  readonly values: unknown[] = [];
  private readonly seen = new Map<string, string>();

  /** `$n::type` for `value`; one parameter per distinct value and type. */
  add(value: unknown, type: SqlType): string {
    const key = `${type}:${typeof value === 'number' ? String(value) : JSON.stringify(value)}`;
    const known = this.seen.get(key);
    if (known !== undefined) return known;
    this.values.push(value);
    const ref = `$${this.values.length}::${type}`;
    this.seen.set(key, ref);
    return ref;
  }
}
