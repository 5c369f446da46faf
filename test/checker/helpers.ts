/** Table-test helpers for checker rules: query -> expected codes and the text they point at. */
import { describe, expect, it } from 'vitest';
import { check, type CheckOptions } from '../../src/checker/check.js';
import type { Level, Rule } from '../../src/checker/rule.js';
import { exampleSchemas } from '../../src/examples/index.js';

export const schema = exampleSchemas;

/** Each diagnostic as `code: spanned text`. */
export function found(query: string, options: CheckOptions = {}): string[] {
  return check(query, { schema, ...options }).map(
    (d) => `${d.code}: ${query.slice(d.span.start, d.span.end)}`,
  );
}

export interface RuleTable {
  /** Query and the diagnostics the rule reports, as `code: spanned text`. */
  readonly fires: readonly (readonly [string, ...string[]])[];
  /** Queries the rule says nothing about. */
  readonly passes: readonly string[];
}

/** Runs `rule` alone (every one of its codes on) over the table. */
export function ruleTable(rule: Rule, table: RuleTable): void {
  const severities: Record<string, Level> = Object.fromEntries(
    Object.keys(rule.codes).map((code) => [code, 'on']),
  );
  const run = (query: string) =>
    found(query, { rules: [rule], severities }).filter((line) =>
      Object.keys(rule.codes).includes(line.slice(0, line.indexOf(':'))),
    );
  describe(rule.name, () => {
    it.each(table.fires.map((row) => [row[0], row.slice(1)] as const))(
      'fires on %j',
      (query, expected) => {
        expect(run(query)).toEqual(expected);
      },
    );
    it.each(table.passes.map((q) => [q]))('passes %j', (query) => {
      expect(run(query)).toEqual([]);
    });
  });
}
