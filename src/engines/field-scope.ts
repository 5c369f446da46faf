/**
 * What the engine targets (mdq/sql, mdq/opensearch) share about a field a clause names: which
 * field it is, and what each says, in the same words, where the engine cannot type or find the
 * values the way the evaluator does. One module, so that the two engines' diagnostics agree.
 */
import type { Node } from '../language/ast.js';
import type { Diagnostic, Severity } from '../language/diagnostic.js';
import type { FieldKind } from '../schema/field-kind.js';
import type { SchemaField, SchemaIndex } from '../schema/schema.js';
import { looseBoolean, queryDateKey, readNumber } from '../evaluator/typed-values.js';
// The core through its public API: the engines' entries import it from the root module (tsup.config.ts).
import { loadSchema } from '../index.js';

/** Where a clause looks: a field of the schema (a null scope, elsewhere, is every field). */
export interface EngineScope {
  readonly name: string;
  readonly kind: FieldKind;
  readonly field: SchemaField;
}

/** How an engine names itself and where it keeps values, in its diagnostics. */
export interface Engine {
  /** The prefix of its own diagnostic codes: `sql-nested-field`, `opensearch-nested-field`. */
  readonly code: 'sql' | 'opensearch';
  /** What holds the records' values: "the table", "the index". */
  readonly store: string;
  /** How it keeps fields: "the table keeps fields", "the mapping indexes fields". */
  readonly keepsFields: string;
  /** Field names the engine keeps for itself, which no clause can name. */
  readonly reserved: readonly string[];
}

/** A diagnostic over `node`; engines refuse (error) unless they say otherwise. */
export function reportAt(
  diagnostics: Diagnostic[],
  node: Node,
  code: string,
  message: string,
  severity: Severity = 'error',
): void {
  diagnostics.push({ code, severity, message, span: node.span });
}

/** How a field types values; two definitions that agree on it compare values alike (the evaluator's `typing`, matchers.ts). */
function typing(field: SchemaField): string {
  return JSON.stringify([field.kind, field.dateFormat, field.dateSeparator, field.booleanValues]);
}

/** True when the schemas type the field differently (the evaluator then types each record by its own schema). */
function typedPerSchema(field: SchemaField): boolean {
  if (new Set(field.schemas).size < 2) return false;
  const typings = new Set<string>();
  field.schemas.forEach((schema, i) => {
    const own = loadSchema({ name: schema, fields: [field.definitions[i]!] }).field(field.name);
    if (own !== undefined) typings.add(typing(own));
  });
  return typings.size > 1;
}

/** True when `name` is a dotted path below a field of the schema (`Address.City`). */
function isBelowAField(name: string, schema: SchemaIndex): boolean {
  for (let i = name.indexOf('.'); i > 0; i = name.indexOf('.', i + 1))
    if (schema.field(name.slice(0, i)) !== undefined) return true;
  return false;
}

/**
 * The scope of a field name for `engine`; undefined, after a diagnostic, when the schema has no
 * such field (the clause matches nothing, as in the evaluator). A field the schemas type
 * differently gets a warning: the engine types its values by the merged definition.
 */
export function engineFieldScope(
  engine: Engine,
  name: string,
  node: Node,
  schema: SchemaIndex,
  diagnostics: Diagnostic[],
): EngineScope | undefined {
  const field = engine.reserved.includes(name) ? undefined : schema.field(name);
  if (field === undefined) {
    if (isBelowAField(name, schema))
      reportAt(
        diagnostics,
        node,
        `${engine.code}-nested-field`,
        `"${name}" names a value inside the field's objects; ${engine.keepsFields} by name only: this clause matches nothing`,
      );
    else
      reportAt(
        diagnostics,
        node,
        'unknown-field',
        `no field "${name}" in the schema: this clause matches nothing`,
        'warning',
      );
    return undefined;
  }
  if (typedPerSchema(field))
    reportAt(
      diagnostics,
      node,
      `${engine.code}-typed-per-schema`,
      `the schemas type "${name}" differently; ${engine.store} types its values by the merged definition, where the evaluator types each record by its own schema`,
      'warning',
    );
  return { name, kind: field.kind, field };
}

/**
 * On a field without a type (opaque), the evaluator compares a value that reads as a number,
 * date or boolean by type; an engine compares it as text. Warns when `text` is such a value.
 */
export function warnUntypedValue(
  engine: Engine,
  text: string,
  scope: EngineScope,
  now: Date,
  node: Node,
  diagnostics: Diagnostic[],
): void {
  const readsTyped =
    !Number.isNaN(readNumber(text)) ||
    queryDateKey(text, true, now) !== null ||
    looseBoolean(text) !== undefined;
  if (readsTyped)
    reportAt(
      diagnostics,
      node,
      `${engine.code}-untyped-value`,
      `"${text}" reads as a number, date or boolean, which the evaluator compares by type on the untyped field "${scope.name}"; ${engine.store} compares it as text`,
      'warning',
    );
}

/** A field of a type mdq does not know: the evaluator compares its values by their JavaScript type, which no engine keeps. */
export function reportUntypedField(
  engine: Engine,
  scope: EngineScope,
  node: Node,
  diagnostics: Diagnostic[],
): void {
  reportAt(
    diagnostics,
    node,
    `${engine.code}-untyped-field`,
    `"${scope.name}" has no type mdq knows (${scope.kind}); the evaluator compares its values by their JavaScript type, which ${engine.store} does not keep: this clause matches nothing`,
  );
}

/** A range with no field: the evaluator compares every value by its JavaScript type, which no engine keeps. */
export function reportFullTextRange(engine: Engine, node: Node, diagnostics: Diagnostic[]): void {
  reportAt(
    diagnostics,
    node,
    `${engine.code}-full-text-range`,
    `a range without a field compares every value by its JavaScript type, which ${engine.store} does not keep: this clause matches nothing`,
  );
}
