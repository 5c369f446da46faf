/**
 * ValueFitsFieldType: a value searched in a field is one the field can hold: a
 * real year-month-day date, a number, one of the field's two boolean spellings,
 * a picklist code (not its description).
 *
 *   valid:   [Date of Birth] eq "1985-04-12"    VIP:Y      Status:ACT
 *   invalid: [Date of Birth] eq "2021-02-30"    VIP:yes    Status:Active
 */
import type { Fix } from '../../language/diagnostic.js';
import type { SchemaField } from '../../schema/schema.js';
import type { Span } from '../../language/ast.js';
import type { CheckContext, Report } from '../context.js';
import type { Rule } from '../rule.js';
import { PLAIN_NUMBER } from '../../schema/value-rules.js';
import { valueSites } from '../value-sites.js';
import { colonTimeAt, meantValue, slashedDateAt } from '../written-values.js';
import {
  acceptsEveryValue,
  readValue,
  valueText,
  writeValue,
  type Reading,
  type ValueNode,
} from '../values.js';

type Refused = Extract<Reading, { ok: false }>;

export const ValueFitsFieldType: Rule = {
  name: 'ValueFitsFieldType',
  invariant: "Every value searched in a field is a value of the field's type.",
  needsSchema: true,
  codes: {
    'invalid-date': {
      severity: 'error',
      autofix: true,
      summary: "not a real year-month-day date (a date in the field's storage format is converted)",
    },
    'invalid-time': {
      severity: 'error',
      autofix: true,
      summary: 'not a time of day (`9am` is fixed to `09:00`)',
    },
    'invalid-number': {
      severity: 'error',
      autofix: true,
      summary: 'not a number (or not a whole number)',
    },
    'invalid-boolean': {
      severity: 'error',
      autofix: true,
      summary: "not one of the field's allowedBooleanValues",
    },
    'picklist-description': {
      severity: 'error',
      autofix: true,
      summary: 'a picklist description given instead of its code',
    },
    'unknown-picklist-code': {
      severity: 'error',
      autofix: true,
      summary:
        'no code of the picklist; suggests the closest code (a code in another case is fixed)',
    },
  },
  create(context) {
    return valueSites(context, (node, field, role) => {
      if (role === 'contains' || role === 'startswith' || role === 'endswith') return;
      // Most values are searched in text fields, which hold any value: no reading to look up or remember.
      if (acceptsEveryValue(field)) return;
      const text = valueText(node);
      if (text === '') return;
      const reading = context.reading(node, field);
      if (reading.ok) return;
      if (role !== 'match' && role !== 'eq' && role !== 'ne' && boundsAnyway(field, text)) return;
      context.report(refusal(node, field, asWritten(node, field, reading, context)));
    });
  },
};

/**
 * A value that is no value of the field but still bounds its values, as the evaluator
 * orders them: a fraction bounds whole numbers (`Age:[17.5 TO 30]`), any text bounds
 * picklist codes (ordered as text; OperatorFitsFieldType says the order means little).
 * Only an equality with it can never match.
 */
function boundsAnyway(field: SchemaField, text: string): boolean {
  return (field.kind === 'integer' && PLAIN_NUMBER.test(text)) || field.kind === 'picklist';
}

/**
 * The refusal with what a person meant by the value, when it is a number, date or time
 * written as people write them (written-values.ts): `€500`, `13.02.1960`, `9am`. A date
 * with slashes outside quotes is read as a number and a regular expression: its whole
 * text is read, and replaced.
 */
function asWritten(
  node: ValueNode,
  field: SchemaField,
  reading: Refused,
  context: CheckContext,
): Refused & { readonly span?: Span } {
  const text = context.text;
  // A time with colons outside quotes is read as a number and a stray `:` (`9:30pm`).
  const slashed =
    text === undefined
      ? undefined
      : field.kind === 'date' || field.kind === 'datetime'
        ? slashedDateAt(text, node.span.start)
        : field.kind === 'time'
          ? colonTimeAt(text, node.span.start)
          : undefined;
  const written =
    slashed !== undefined && slashed.length > node.span.end - node.span.start
      ? slashed
      : valueText(node);
  const span =
    written !== valueText(node)
      ? { start: node.span.start, end: node.span.start + written.length }
      : undefined;
  // The field's own storage format decides an ambiguous date (`01/02/1960` on an MM/DD/YYYY field).
  const own = span === undefined ? reading : readValue(written, field);
  // Well written but for its quotes (`eq 09:30`): quoting it is the whole fix; `9:30:15`
  // is written with its hour's two digits too (`09:30:15`), as times are.
  if (span !== undefined && own.ok && field.kind === 'time') {
    const time = typeof own.comparable === 'string' ? own.comparable : written;
    return {
      ok: false,
      code: reading.code,
      reason: `unquoted, '${written}' is read as '${valueText(node)}' and a stray '${text![node.span.end]}'; ${time === written ? 'quote it' : `write it as HH:MM${time.length > 5 ? ':SS' : ''}, quoted: ${time}`}`,
      suggestion: time,
      suggestionSafe: true,
      span,
    };
  }
  if (!own.ok && own.suggestion !== undefined && own.code !== 'invalid-number')
    return span === undefined ? own : { ...own, span };
  const meant = meantValue(written, field);
  if (meant === undefined) return reading;
  return {
    ok: false,
    code: reading.code,
    reason: meant.reason,
    alternatives: meant.values,
    suggestionSafe: meant.certain,
    ...(span === undefined ? {} : { span }),
  };
}

/** A number in a comparison stays a number (`gt 0.5`, not `gt "0.5"`). */
function writeValueFor(node: ValueNode, field: SchemaField, value: string): string {
  const numeric = field.kind === 'integer' || field.kind === 'decimal';
  return numeric && node.kind === 'StringValue' && NUMBER.test(value)
    ? value
    : writeValue(node, value);
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * The report on a value its field refuses, with a fix per value suggested. Made apart
 * from the listener: a closure there would make the engine allocate for every value read.
 */
function refusal(
  node: ValueNode,
  field: SchemaField,
  reading: Refused & { readonly span?: Span },
): Report {
  const options =
    reading.alternatives ?? (reading.suggestion !== undefined ? [reading.suggestion] : []);
  // One sure reading keeps the meaning (`0,5` is 0.5); a choice among close codes is a guess.
  const safe = options.length === 1 && reading.suggestionSafe === true;
  // A code for its description or a near code is a correction of a word; a decimal comma or a date's order is spelling.
  const kind = reading.code === 'unknown-picklist-code' ? 'typo' : 'syntax';
  const fixes: Fix[] = options.map((value) => ({
    kind,
    title: `Replace with ${value}`,
    edits: [{ span: reading.span ?? node.span, text: writeValueFor(node, field, value) }],
    safe,
  }));
  return {
    code: reading.code,
    message: `${reading.reason} (field "${field.name}")`,
    span: reading.span ?? node.span,
    fixes,
  };
}
