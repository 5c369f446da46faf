/** The fields that clauses name, with the span of the whole name (for rules about field flags). */
import type { FieldName, Node, Span } from '../language/ast.js';
import type { SchemaField } from '../schema/schema.js';
import type { CheckContext } from './context.js';
import { isNamingClause } from './edits.js';

/** Calls `onField` for each field a clause names, with the span of its whole name. */
export function namedFields(context: CheckContext, onField: (field: SchemaField, span: Span) => void) {
  return {
    FieldName(node: FieldName, parent: Node | null) {
      if (!isNamingClause(parent)) return;
      const field = parent.kind === 'Comparison' ? context.fieldOf(node) : context.fieldOf(node, parent);
      if (field === undefined) return;
      const spaced = parent.kind === 'Comparison' ? undefined : context.spacedName(parent);
      onField(field, spaced ? { start: spaced.start, end: spaced.end } : node.span);
    },
  };
}
