/**
 * OperatorFitsFieldType: an operator is used only on fields where it means
 * something. Ranges and `gt`/`lt`/`ge`/`le` need an ordered type (numbers, dates,
 * times); `contains`/`startswith`/`endswith`, wildcards, regex, fuzzy and proximity
 * need text; image fields cannot be searched by value at all.
 *
 *   valid:   [Age] gt 65        City:Ber*        Launch Date:[2020-01-01 TO *]
 *   invalid: [Status] gt "A"    Age:4*           [Profile Photo] eq "x"
 */
import type { ComparisonOperator, Span } from '../../language/ast.js';
import { isKnown, isOrdered, isTextual, type FieldKind } from '../../schema/field-kind.js';
import type { SchemaField } from '../../schema/schema.js';
import type { Rule } from '../rule.js';

const isOrdering = (op: ComparisonOperator): boolean =>
  op === 'gt' || op === 'lt' || op === 'ge' || op === 'le';
const isSubstring = (op: ComparisonOperator): boolean =>
  op === 'contains' || op === 'startswith' || op === 'endswith';

const KIND_NAMES: { readonly [K in FieldKind]: string } = {
  text: 'a text',
  integer: 'an integer',
  decimal: 'a number',
  date: 'a date',
  datetime: 'a date-time',
  time: 'a time',
  boolean: 'a boolean',
  picklist: 'a picklist',
  image: 'an image',
  opaque: 'an untyped',
};

export function describeField(field: SchemaField): string {
  return `"${field.name}" is ${KIND_NAMES[field.kind]} field`;
}

export const OperatorFitsFieldType: Rule = {
  name: 'OperatorFitsFieldType',
  invariant:
    "Every operator is one the field's type supports; image fields are not searched by value.",
  needsSchema: true,
  codes: {
    'operator-type-mismatch': {
      severity: 'warning',
      autofix: false,
      summary: 'an ordering operator on an unordered field, or a text operator on a non-text field',
    },
    'unsearchable-field': {
      severity: 'warning',
      autofix: false,
      summary: 'a search by value in an image field',
    },
  },
  create(context) {
    const mismatch = (
      span: Span,
      field: SchemaField,
      what: string,
      needs: 'ordered' | 'textual',
    ) => {
      const wanted =
        needs === 'ordered' ? 'an ordered field (a number, date or time)' : 'a text field';
      context.report({
        code: 'operator-type-mismatch',
        message: `${what} needs ${wanted}, but ${describeField(field)}`,
        span,
      });
    };
    /** The scoped field, unless it is unknown, opaque, or an image field (reported once per clause). */
    const scopedField = (): SchemaField | undefined => {
      const field = context.scopedField();
      return field && isKnown(field.kind) && field.kind !== 'image' ? field : undefined;
    };
    /** The scoped field when it lacks `trait` (the message is only written then). */
    const lacking = (trait: 'ordered' | 'textual'): SchemaField | undefined => {
      const field = scopedField();
      return field && !(trait === 'ordered' ? isOrdered(field.kind) : isTextual(field.kind))
        ? field
        : undefined;
    };
    const needs = (span: Span, what: string, trait: 'ordered' | 'textual') => {
      const field = lacking(trait);
      if (field) mismatch(span, field, what, trait);
    };
    return {
      Field(node) {
        const field = context.fieldOf(node.field, node);
        if (field?.kind !== 'image') return;
        if (node.value.kind === 'Wildcard' && node.value.pattern === '*') return;
        context.report({
          code: 'unsearchable-field',
          message: `${describeField(field)}: the service cannot search images by value (use _exists_ to find records with one)`,
          span: node.span,
        });
      },
      Comparison(node) {
        const field = context.fieldOf(node.field);
        if (field === undefined || !isKnown(field.kind)) return;
        if (field.kind === 'image') {
          context.report({
            code: 'unsearchable-field',
            message: `${describeField(field)}: the service cannot search images by value (use _exists_ to find records with one)`,
            span: node.span,
          });
        } else if (isOrdering(node.operator) && !isOrdered(field.kind)) {
          mismatch(node.span, field, `'${node.operator}'`, 'ordered');
        } else if (isSubstring(node.operator) && !isTextual(field.kind)) {
          mismatch(node.span, field, `'${node.operator}'`, 'textual');
        }
      },
      Range: (node) => needs(node.span, 'a range', 'ordered'),
      Relation: (node) => {
        const field = lacking('ordered');
        if (field) mismatch(node.span, field, `'${node.operator}'`, 'ordered');
      },
      Wildcard: (node) => {
        if (node.pattern !== '*') needs(node.span, 'a wildcard', 'textual');
      },
      Regex: (node) => needs(node.span, 'a regular expression', 'textual'),
      Fuzzy: (node) => needs(node.span, 'a fuzzy search', 'textual'),
      Proximity: (node) => needs(node.span, 'a proximity search', 'textual'),
    };
  },
};
