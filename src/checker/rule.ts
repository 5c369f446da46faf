/**
 * What a rule is: a name that states its invariant, the diagnostic codes it may
 * report (each with a default severity), and a function from a context to a
 * visitor. All rules run together in one walk of the tree (see check.ts).
 */
import type { Severity } from '../language/diagnostic.js';
import type { Visitor } from '../language/visitor.js';
import type { CheckContext } from './context.js';

/** A configured level for a code, as in ESLint: off, on (its default severity), or a severity. */
export type Level = 'off' | 'on' | Severity;

export interface CodeInfo {
  readonly severity: Severity;
  /** False for codes that are off unless turned on (`'pii-field'`). Default true. */
  readonly enabled?: boolean;
  /**
   * Some of its fixes are safe (`Fix.safe`: they keep the query's meaning), so `fixQuery`
   * and `mdq fmt --fix` apply them unasked. False when every fix is a guess to pick.
   */
  readonly autofix: boolean;
  /** One line for documentation and `mdq lint --rules`. */
  readonly summary: string;
}

export interface Rule {
  /** Named after the invariant it guards: `KnownFieldNames`, `OperatorFitsFieldType`. */
  readonly name: string;
  readonly invariant: string;
  /** Rules that look fields up do nothing without a schema. */
  readonly needsSchema: boolean;
  readonly codes: Readonly<Record<string, CodeInfo>>;
  /**
   * Makes the rule's visitor. It is made once per configuration and reused for
   * query after query, so it reads the schema and the text from `context` while
   * visiting and keeps no state about one query in its closure (state keyed by
   * node, in a WeakMap or WeakSet, is fine).
   */
  readonly create: (context: CheckContext) => Visitor;
  /**
   * A cheap test of the whole text (one native scan, no parse): false when the rule can
   * report nothing on it, and then its visitor is not called at all for that query. Checks
   * given a tree run every rule. Only for rules that look for something rare (look-alike
   * quotes), so that every other query does not pay a call per node for them.
   */
  readonly mayReport?: (text: string) => boolean;
}
