/**
 * FieldNameSpacesEscaped: a field name with spaces is written in brackets or with
 * escaped spaces. Unescaped, `First Name:John` searches for "First" anywhere and
 * for John in a field called "Name".
 *
 *   valid:   [First Name] eq "John"      First\ Name:John
 *   invalid: First Name:John             (unescaped-space)
 */
import type { Field, RelationOperator, Term, Phrase } from '../../language/ast.js';
import type { Fix } from '../../language/diagnostic.js';
import { bracketFieldName, escapeFieldName, quote } from '../../language/escape.js';
import { isOrdered } from '../../schema/field-kind.js';
import type { SchemaField } from '../../schema/schema.js';
import type { Rule } from '../rule.js';
import type { SpacedFieldName } from '../spaced-field-names.js';
import { readValue } from '../values.js';

const RELATION_OPERATORS: Readonly<Record<RelationOperator, string>> = {
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
};
const NUMBER = /^-?\d+(?:\.\d+)?$/;

function comparisonValue(value: Term | Phrase, field: SchemaField): string {
  const numeric = field.kind === 'integer' || field.kind === 'decimal';
  return numeric && value.kind === 'Term' && NUMBER.test(value.value)
    ? value.value
    : quote(value.value);
}

/** The clause as a bracket comparison, when its value has one: `[First Name] eq "John"`. */
function asComparison(s: SpacedFieldName & { clause: Field }): string | undefined {
  const value = s.clause.value;
  const name = bracketFieldName(s.field.name);
  if (value.kind === 'Term' || value.kind === 'Phrase')
    return `${name} eq ${comparisonValue(value, s.field)}`;
  if (value.kind === 'Relation' && isOrdered(s.field.kind)) {
    return `${name} ${RELATION_OPERATORS[value.operator]} ${comparisonValue(value.value, s.field)}`;
  }
  return undefined;
}

/** `[Last Name] eq "van Dijk"` for `Last Name:van Dijk`, and where it ends; undefined when the field cannot hold the words. */
function runOnValue(
  s: SpacedFieldName & { clause: Field },
): { text: string; end: number } | undefined {
  const value = s.clause.value;
  if (value.kind !== 'Term') return undefined;
  const joined = [value.value, ...s.valueWords.map((w) => w.value)].join(' ');
  if (!readValue(joined, s.field).ok) return undefined;
  return {
    text: `${bracketFieldName(s.field.name)} eq ${quote(joined)}`,
    end: s.valueWords[s.valueWords.length - 1]!.span.end,
  };
}

export const FieldNameSpacesEscaped: Rule = {
  name: 'FieldNameSpacesEscaped',
  invariant: 'A field name with spaces is written in brackets or with escaped spaces.',
  needsSchema: true,
  codes: {
    'unescaped-space': {
      severity: 'warning',
      autofix: true,
      summary: 'a field name with spaces written unescaped (`First Name:John`)',
    },
  },
  create(context) {
    const checkClause = (clause: Field | SpacedFieldName['clause']) => {
      const s = context.spacedName(clause);
      if (s === undefined) return;
      // Past maxDiagnostics only counted: a flood of `First Name:x` builds no fixes, and tries none (context.ts).
      if (context.reportRoom() === 0) return context.reportUnbuilt('unescaped-space', 1);
      const span = { start: s.start, end: s.end };
      const fixes: Fix[] = [];
      if (s.clause.kind === 'Field') {
        // `Last Name:van Dijk`: the comparison of the whole value meant, when the field can hold it.
        const runOn =
          s.valueWords.length > 0
            ? runOnValue(s as SpacedFieldName & { clause: Field })
            : undefined;
        const comparison = runOn?.text ?? asComparison(s as SpacedFieldName & { clause: Field });
        const end = runOn?.end ?? s.clause.span.end;
        const edits = comparison ? [{ span: { start: s.start, end }, text: comparison }] : [];
        // After a comparison a lower-case `and`/`or`/`not` turns into an operator: offer the form only when that still parses.
        // Next to a lower-case `and`/`or`/`not`, the bracket form turns that word into an operator: a change of meaning.
        if (comparison && context.keepsSyntax(edits))
          fixes.push({
            kind: 'syntax',
            title: `Write ${comparison}`,
            edits,
            safe: !s.wordAfter && !s.operatorWordNext,
          });
      }
      const escaped = escapeFieldName(s.field.name);
      // `Last Name:van Dijk`: the value probably runs on (value-then-words says so); only the name is sure, not the rest.
      fixes.push({
        kind: 'syntax',
        title: `Escape the spaces: ${escaped}`,
        edits: [{ span, text: escaped }],
        safe: !s.wordAfter,
      });
      context.report({
        code: 'unescaped-space',
        message: `the field "${s.field.name}" has spaces: unescaped, each word is searched on its own; write it in brackets or escape the spaces`,
        span,
        fixes,
      });
    };
    return { Field: checkClause, Exists: checkClause };
  },
};
