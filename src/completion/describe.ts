/**
 * Words about fields and operators, shared by completion items and hover: a field's
 * type, its description, allowed values and bounds, which schemas have it.
 */
import type { ComparisonOperator } from '../language/ast.js';
import { aliasesOf } from '../schema/aliases.js';
import type { SchemaField, SchemaIndex } from '../schema/schema.js';
import { markdownCode as mdCode, markdownText as mdText } from './markdown-text.js';

/** One line: the type as the schema gives it, and the flags a person should see at once. */
export function fieldDetail(field: SchemaField, index: SchemaIndex): string {
  let detail = field.metadata
    ? 'search hit metadata'
    : field.dataTypes.length > 0
      ? field.dataTypes.join(' / ')
      : 'no type';
  if (!field.active) detail += ' · inactive';
  if (field.pii) detail += ' · PII';
  if (index.names.length > 1 && !field.metadata) detail += ` · ${field.schemas.join(', ')}`;
  return detail;
}

/** `` `ACT` Active, `INA` Inactive `` ... at most `max` of them. */
function picklistText(field: SchemaField, max: number): string {
  const entries = field.picklist ?? [];
  const shown = entries
    .slice(0, max)
    .map((e) => (e.description ? `${mdCode(e.code)} ${mdText(e.description)}` : mdCode(e.code)));
  return shown.join(', ') + (entries.length > max ? `, and ${entries.length - max} more` : '');
}

/** Markdown: what a person needs to search the field well. */
export function fieldDocumentation(field: SchemaField, index: SchemaIndex): string {
  const lines: string[] = [
    `**${mdText(field.name)}** — ${field.metadata ? 'search hit metadata' : mdText(field.dataTypes.join(' / ')) || 'no type'}`,
  ];
  if (field.description && field.description !== field.name)
    lines.push('', mdText(field.description));
  const facts: string[] = [];
  const aliases = aliasesOf(index, field.name);
  if (aliases.length > 0) facts.push(`Also called ${aliases.map((a) => mdText(a)).join(', ')}.`);
  if (!field.active) facts.push('Inactive: the schema no longer maintains it.');
  if (field.pii) facts.push('Personal data (PII).');
  if (field.multivalue) facts.push('Holds several values per record.');
  if (field.picklist) facts.push(`Values: ${picklistText(field, 12)}.`);
  if (field.booleanValues)
    facts.push(
      `Values: ${mdCode(field.booleanValues[0])} (true) or ${mdCode(field.booleanValues[1])} (false).`,
    );
  if (field.kind === 'text' && (field.minLength !== undefined || field.maxLength !== undefined)) {
    facts.push(`Length ${lengthText(field.minLength, field.maxLength)} characters.`);
  }
  if (field.minDate !== undefined || field.maxDate !== undefined) {
    facts.push(
      `Dates ${field.minDate ? `from ${mdText(field.minDate)} ` : ''}${field.maxDate ? `to ${mdText(field.maxDate)}` : 'on'}`.trimEnd() +
        '.',
    );
  }
  if (field.kind === 'date' || field.kind === 'datetime') {
    facts.push(
      `Search dates as year-month-day (\`2024-01-31\`)${field.dateFormat && field.dateFormat !== 'YYYY-MM-DD' ? `; stored as ${mdText(field.dateFormat)}` : ''}.`,
    );
  }
  if (field.kind === 'image') facts.push('Images cannot be searched by value; use `_exists_:`.');
  if (field.kind === 'opaque' && !field.metadata)
    facts.push('mdq does not know this type: no type rules apply.');
  if (index.names.length > 1 && !field.metadata)
    facts.push(
      `In ${field.schemas.length === 1 ? 'schema' : 'schemas'} ${mdText(field.schemas.join(', '))}.`,
    );
  if (facts.length > 0) lines.push('', ...facts.map((f) => `- ${f}`));
  return lines.join('\n');
}

function lengthText(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined)
    return min === max ? `exactly ${min}` : `${min} to ${max}`;
  return min !== undefined ? `at least ${min}` : `at most ${max}`;
}

/** What each comparison operator does. */
export const COMPARISON_MEANINGS: { readonly [O in ComparisonOperator]: string } = {
  eq: 'equals the value',
  ne: 'does not equal the value',
  gt: 'greater than the value',
  lt: 'less than the value',
  ge: 'greater than or equal to the value',
  le: 'less than or equal to the value',
  contains: 'contains the text',
  startswith: 'starts with the text',
  endswith: 'ends with the text',
};
