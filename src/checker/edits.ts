/** Text for quick fixes: a field name written the way its clause needs it. */
import type { Comparison, Exists, Field } from '../language/ast.js';
import { bracketFieldName, escapeFieldName, quote } from '../language/escape.js';

/** `name` written to replace the `FieldName` of `clause` (its span includes brackets or quotes). */
export function writeFieldName(clause: Field | Exists | Comparison, name: string): string {
  switch (clause.kind) {
    case 'Comparison':
      return bracketFieldName(name);
    case 'Exists':
      return clause.field.raw.startsWith('"') ? quote(name) : escapeFieldName(name);
    case 'Field':
      return escapeFieldName(name);
  }
}

/** A clause that names a field. */
export function isNamingClause(node: { kind: string } | null): node is Field | Exists | Comparison {
  return node !== null && (node.kind === 'Field' || node.kind === 'Exists' || node.kind === 'Comparison');
}
