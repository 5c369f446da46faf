/**
 * `hover(text, offset, { schema })`: what the token under the cursor is. For a field,
 * its type, description, allowed values and bounds; for an operator, what it does; for
 * a value, what it is read as (the date a date reads as, a picklist code's description,
 * or why the field cannot hold it).
 */
import { readValue } from '../checker/values.js';
import { closedBy, unescape, unescapeBracketName } from '../language/escape.js';
import { parse } from '../language/parse.js';
import { nodeAt } from '../language/visitor.js';
import { readQueryDate } from '../schema/dates.js';
import type { SchemaField, SchemaIndex } from '../schema/schema.js';
import { schemaIndexOf } from './catalog.js';
import { cursorContext } from './cursor-context.js';
import { COMPARISON_MEANINGS, fieldDocumentation } from './describe.js';
import { markdownCode as mdCode, markdownText as mdText } from './markdown-text.js';
import { isWordLike, Kind, lastStartingBefore, lex, type Lexed } from './lexed.js';
import type { Hover, HoverOptions } from './types.js';

/** What each operator spelling does. */
const OPERATOR_MEANINGS: Readonly<Record<string, string>> = {
  AND: '**AND**: both sides must match.',
  '&&': '**&&** (AND): both sides must match.',
  and: '**and** (AND): both sides must match; lower-case `and` is an operator next to a bracket comparison.',
  OR: '**OR**: either side may match. The service ignores precedence: write parentheses when AND and OR mix.',
  '||': '**||** (OR): either side may match.',
  or: '**or** (OR): either side may match; lower-case `or` is an operator next to a bracket comparison.',
  NOT: '**NOT**: the clause must not match (`a NOT b` is `a AND NOT b`).',
  not: '**not** (NOT): the clause must not match.',
  '!': '**!** (NOT): the clause must not match.',
  '-': '**-** (prohibit): the clause must not match.',
  '+': '**+** (require): the clause must match.',
  '>': '**>**: greater than the value (a half-open range).',
  '>=': '**>=**: greater than or equal to the value (a half-open range).',
  '<': '**<**: less than the value (a half-open range).',
  '<=': '**<=**: less than or equal to the value (a half-open range).',
  TO: '**TO**: from the lower to the upper bound; `*` is an open end.',
};

function hoverAt(from: number, to: number, kind: Hover['kind'], contents: string): Hover {
  return { from, to, kind, contents };
}

/** The field of a name: exact, else the one a loose spelling means (case, spaces). */
function lookUp(index: SchemaIndex | undefined, name: string): SchemaField | undefined {
  if (index === undefined) return undefined;
  const exact = index.field(name);
  if (exact !== undefined) return exact;
  const loose = index.looseMatches(name);
  return loose.length === 1 ? loose[0] : index.aliasOf?.(name);
}

function fieldHover(index: SchemaIndex | undefined, name: string, from: number, to: number): Hover {
  const field = lookUp(index, name);
  if (field === undefined) {
    return hoverAt(
      from,
      to,
      'field',
      index === undefined
        ? `**${mdText(name)}**: a field`
        : `**${mdText(name)}**: no field of this name in the schema${index.names.length === 1 ? '' : 's'} searched`,
    );
  }
  const note =
    field.name === name
      ? ''
      : index!.looseMatches(name).length > 0
        ? `\n\n(the field is spelt **${mdText(field.name)}**)`
        : `\n\n(**${mdText(name)}** is another name for it: the service knows it as **${mdText(field.name)}**)`;
  return hoverAt(from, to, 'field', fieldDocumentation(field, index!) + note);
}

/** What `value` reads as in `field`. */
function valueReading(field: SchemaField, value: string): string {
  const reading = readValue(value, field);
  if (!reading.ok) return `⚠ ${mdText(reading.reason)}`;
  switch (field.kind) {
    case 'picklist': {
      const entry = field.picklist?.find((e) => e.code === value);
      return entry?.description
        ? `${mdCode(entry.code)}: ${mdText(entry.description)}`
        : `the code ${mdCode(value)}`;
    }
    case 'boolean': {
      const pair = field.booleanValues;
      if (pair) return value === pair[0] ? `${mdCode(value)}: true` : `${mdCode(value)}: false`;
      return `the boolean ${mdCode(value)}`;
    }
    case 'date':
    case 'datetime': {
      const date = readQueryDate(value, field.kind === 'datetime');
      if (date.ok && date.value === null) return `the relative date ${mdCode(value)}`;
      return date.ok && date.value
        ? `the date ${mdText(date.value.key)}`
        : `the date ${mdCode(value)}`;
    }
    case 'integer':
    case 'decimal':
      return `the number ${mdText(value)}`;
    case 'time':
      return `the time ${mdText(value)}`;
    default:
      return `the text ${mdCode(value)}`;
  }
}

function valueHover(
  index: SchemaIndex | undefined,
  fieldName: string | undefined,
  value: string,
  from: number,
  to: number,
): Hover {
  const field = fieldName === undefined ? undefined : lookUp(index, fieldName);
  if (field === undefined) {
    return hoverAt(
      from,
      to,
      'value',
      fieldName === undefined
        ? `the value ${mdCode(value)}`
        : `the value ${mdCode(value)} of **${mdText(fieldName)}**`,
    );
  }
  return hoverAt(from, to, 'value', `${valueReading(field, value)} (**${mdText(field.name)}**)`);
}

/** The index of the token under `offset`: the one it is in, else one ending right there. */
function tokenAt(lexed: Lexed, offset: number): number {
  const i = lastStartingBefore(lexed, offset + 1);
  if (i >= 0 && offset < lexed.ends[i]!) return i;
  if (i >= 0 && offset === lexed.ends[i]!) return i;
  return -1;
}

/** True when the tree reads the lower-case word at `start` as an operator, not a search word. */
function operatorWordAt(text: string, start: number): boolean {
  const node = nodeAt(parse(text).ast, start);
  return !(
    node !== undefined &&
    node.span.start === start &&
    (node.kind === 'Term' || node.kind === 'FieldName')
  );
}

export function hover(text: string, offset: number, options: HoverOptions = {}): Hover | null {
  if (typeof text !== 'string' || !Number.isFinite(offset) || offset < 0 || offset > text.length)
    return null;
  const index = schemaIndexOf(
    typeof options === 'object' && options !== null ? options.schema : undefined,
  );
  const lexed = lex(text);
  const i = tokenAt(lexed, Math.trunc(offset));
  if (i < 0) return null;
  const kind = lexed.kinds[i]! as Kind;
  const start = lexed.starts[i]!;
  const end = lexed.ends[i]!;
  const raw = text.slice(start, end);

  if (kind === Kind.BracketField) {
    const closed = closedBy(raw, ']');
    const context = cursorContext(lexed, start + 1);
    if (context.kind === 'field-name')
      return fieldHover(
        index,
        unescapeBracketName(raw.slice(1, closed ? -1 : undefined)),
        start,
        end,
      );
    return null;
  }
  if (kind === Kind.Regex)
    return hoverAt(
      start,
      end,
      'value',
      'a regular expression (Lucene syntax), matched against whole terms',
    );
  if (kind === Kind.Tilde)
    return hoverAt(
      start,
      end,
      'operator',
      raw.length > 1
        ? `**${mdText(raw)}**: fuzzy (edit distance) or proximity (words apart)`
        : '**~**: fuzzy match (edit distance 2) or proximity',
    );
  if (kind === Kind.Caret)
    return hoverAt(
      start,
      end,
      'operator',
      `**${mdText(raw)}**: boost: how much this clause counts in the ranking`,
    );
  if (
    kind === Kind.RelationOperator ||
    kind === Kind.Bang ||
    kind === Kind.Plus ||
    kind === Kind.Minus
  ) {
    return hoverAt(start, end, 'operator', OPERATOR_MEANINGS[raw] ?? raw);
  }
  if (
    kind === Kind.RangeStart ||
    kind === Kind.RangeExclusiveStart ||
    kind === Kind.RangeEnd ||
    kind === Kind.RangeExclusiveEnd
  ) {
    return hoverAt(
      start,
      end,
      'operator',
      raw === '[' || raw === ']'
        ? `**${mdText(raw)}**: the bound next to it is included`
        : `**${mdText(raw)}**: the bound next to it is excluded`,
    );
  }
  if (kind === Kind.Quoted) {
    const context = cursorContext(lexed, start + 1);
    const value = unescape(raw.slice(1, closedBy(raw, '"') ? -1 : undefined)).value;
    if (context.kind === 'value') return valueHover(index, context.field, value, start, end);
    if (context.kind === 'field-name') return fieldHover(index, value, start, end);
    return hoverAt(start, end, 'value', `the exact phrase "${mdText(value)}" in any field`);
  }
  if (!isWordLike(kind)) return null;

  // A word: its role is the context of the cursor at its end, with the whole word typed.
  const context = cursorContext(lexed, end);
  const value = unescape(raw).value;
  switch (context.kind) {
    case 'field-name':
      if (raw === '_exists_')
        return hoverAt(
          start,
          end,
          'keyword',
          '**_exists_**: `_exists_:Field` matches records where the field has a value',
        );
      return fieldHover(index, value, start, end);
    case 'operator': {
      const meaning = COMPARISON_MEANINGS[value.toLowerCase() as keyof typeof COMPARISON_MEANINGS];
      return meaning
        ? hoverAt(start, end, 'operator', `**${value.toLowerCase()}**: ${meaning}`)
        : null;
    }
    case 'value':
      return valueHover(index, context.field, value, start, end);
    case 'range-to':
      if (kind === Kind.RangeTo) return hoverAt(start, end, 'keyword', OPERATOR_MEANINGS.TO!);
      return null;
    default:
      break;
  }
  if (
    kind === Kind.And ||
    kind === Kind.Or ||
    kind === Kind.Not ||
    kind === Kind.AndSymbol ||
    kind === Kind.OrSymbol
  ) {
    return hoverAt(start, end, 'operator', OPERATOR_MEANINGS[raw]!);
  }
  if (
    (kind === Kind.LowerAnd || kind === Kind.LowerOr || kind === Kind.LowerNot) &&
    operatorWordAt(text, start)
  ) {
    return hoverAt(start, end, 'operator', OPERATOR_MEANINGS[raw]!);
  }
  if (context.field !== undefined) return valueHover(index, context.field, value, start, end);
  if (raw === '*') return hoverAt(start, end, 'keyword', '**\\***: every record');
  const wildcard = /(^|[^\\])[*?]/.test(raw);
  return hoverAt(
    start,
    end,
    'text',
    wildcard
      ? `the pattern \`${raw}\` in any field (\`*\` any characters, \`?\` one)`
      : `the word \`${value}\` in any field`,
  );
}
