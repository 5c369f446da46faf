/** The fields that clauses name, with the span of the whole name (for rules about field flags). */
import type { Exists, Field, FieldName, Node, NodeKind, Span } from '../language/ast.js';
import type { SchemaField } from '../schema/schema.js';
import type { CheckContext } from './context.js';
import { kindAround } from './walk.js';

/** Calls `onField` for each field a clause names, with the span of its whole name. */
export function namedFields(
  context: CheckContext,
  onField: (field: SchemaField, span: Span) => void,
) {
  return {
    FieldName(node: FieldName, parent: Node | null, given?: NodeKind | null) {
      const around = kindAround(parent, given);
      if (around === 'Comparison') {
        const field = context.fieldOf(node);
        if (field !== undefined) onField(field, node.span);
        return;
      }
      if (around !== 'Field' && around !== 'Exists') return;
      const clause = parent as Field | Exists;
      const field = context.fieldOf(node, clause);
      if (field === undefined) return;
      const spaced = context.spacedName(clause);
      onField(field, spaced ? { start: spaced.start, end: spaced.end } : node.span);
    },
  };
}
