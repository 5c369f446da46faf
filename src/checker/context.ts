/**
 * What a rule sees: the schema, the field a value is scoped to, and `report`. The
 * context follows the walk itself (its own visitor runs before every rule's on the
 * way in and after them on the way out), so rules stay small and stateless.
 */
import type { Exists, Field, FieldName, Node, Span } from '../language/ast.js';
import { applyEdits, type Fix, type RelatedInformation, type TextEdit } from '../language/diagnostic.js';
import { parse } from '../language/parse.js';
import type { Visitor } from '../language/visitor.js';
import type { SchemaIndex, SchemaField } from '../schema/schema.js';
import { spacedFieldNames, type SpacedFieldName } from './spaced-field-names.js';

export interface Report {
  readonly code: string;
  readonly message: string;
  readonly span: Span;
  readonly fixes?: readonly Fix[];
  readonly related?: readonly RelatedInformation[];
}

/** The `field:` clause a value is scoped to (`f:x`, every term of `f:(a OR b)`). */
export interface FieldScope {
  readonly clause: Field;
  /** The field it names, or undefined when unknown (or when there is no schema). */
  readonly field: SchemaField | undefined;
}

export interface CheckContext {
  readonly schema: SchemaIndex | undefined;
  /** The query text, when `check` was given text (undefined for a tree). */
  readonly text: string | undefined;
  report(report: Report): void;
  /** The schema field a name refers to: exact, or the full name it continues (`First Name:x`). */
  fieldOf(name: FieldName, clause?: Field | Exists): SchemaField | undefined;
  /** The innermost `field:` clause around the current node, if any. */
  scope(): FieldScope | undefined;
  /** The clause's name written with unescaped spaces, when it is one (`First Name:John`). */
  spacedName(clause: Field | Exists): SpacedFieldName | undefined;
  /** True for a word or clause that is part of a name written with unescaped spaces. */
  inSpacedName(node: Node): boolean;
  /**
   * False when applying `edits` to the text would add syntax errors (a fix that
   * changes how the words around it parse); true when there is no text to try.
   */
  keepsSyntax(edits: readonly TextEdit[]): boolean;
}

function syntaxErrors(text: string): number {
  return parse(text).diagnostics.filter((d) => d.severity === 'error').length;
}

/** The context plus the visitor that keeps it in step with the walk. */
export function createContext(schema: SchemaIndex | undefined, text: string | undefined, report: (r: Report) => void): { context: CheckContext; tracker: Visitor } {
  const scopes: FieldScope[] = [];
  // Names with unescaped spaces are rare: the maps are made on the first one.
  let spaced: Map<Field | Exists, SpacedFieldName> | undefined;
  let spacedParts: Set<Node> | undefined;
  let baseErrors: number | undefined;
  const spacedName = (clause: Field | Exists) => spaced?.get(clause);
  const fieldOf = (name: FieldName, clause?: Field | Exists): SchemaField | undefined => {
    if (schema === undefined) return undefined;
    if (clause && spaced !== undefined) {
      const s = spaced.get(clause);
      if (s) return s.field;
    }
    return schema.field(name.value);
  };
  const context: CheckContext = {
    schema,
    text,
    report,
    fieldOf,
    scope: () => scopes[scopes.length - 1],
    spacedName,
    inSpacedName: (node) => spacedParts?.has(node) ?? false,
    keepsSyntax(edits) {
      if (text === undefined) return true;
      baseErrors ??= syntaxErrors(text);
      return syntaxErrors(applyEdits(text, edits)) <= baseErrors;
    },
  };
  const tracker: Visitor = {
    And: schema ? (node) => {
      for (const s of spacedFieldNames(node, schema)) {
        (spaced ??= new Map()).set(s.clause, s);
        (spacedParts ??= new Set()).add(s.clause);
        for (const word of s.words) spacedParts.add(word);
      }
    } : undefined,
    Field: {
      enter: (node) => {
        scopes.push({ clause: node, field: fieldOf(node.field, node) });
      },
      leave: () => {
        scopes.pop();
      },
    },
  };
  return { context, tracker };
}
