/**
 * ListsAndRangesAsWritten: a list of values is an OR, a range is `[a TO b]`. People write
 * lists with commas and ranges with a dash, as in prose: `City:(Berlin, Paris)` searches
 * City for `Berlin,` and `Paris`, both; `Age:18-65` and `age 18-65` search the word `18-65`.
 * The fixes write the OR and the range meant; they change what is searched, so none is safe.
 * (`Age:[18 - 65]` is the parser's: its `missing-range-to` fix writes `[18 TO 65]`.)
 *
 *   valid:   City:(Berlin OR Paris)      Age:[18 TO 65]      Phone:555-1234
 *   invalid: City:(Berlin, Paris)        City:('Berlin','Paris')          (comma-list)
 *            Age:18-65                   age 18-65                        (dash-range)
 */
import type { And, Field, Node, Term } from '../../language/ast.js';
import { escapeFieldName } from '../../language/escape.js';
import type { Fix } from '../../language/diagnostic.js';
import type { SchemaField } from '../../schema/schema.js';
import type { CheckContext } from '../context.js';
import type { Rule } from '../rule.js';
import { fieldNamed, listItems, writeListItem } from '../sql-habits.js';
import { acceptsEveryValue, readValue } from '../values.js';

/** Two numbers joined by a dash, with no space: `18-65`, `0.5-1.5`. */
const DASHED = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/;

/** True when `raw` opens with an ASCII digit, as every match of DASHED does. */
const startsWithDigit = (raw: string): boolean => {
  const c = raw.charCodeAt(0);
  return c >= 48 && c <= 57;
};

const isNumberField = (field: SchemaField): boolean =>
  field.kind === 'integer' || field.kind === 'decimal';

/** True for a group holding only words and phrases: a list, not a query of its own. */
function onlyWords(node: Node): boolean {
  if (node.kind === 'Term' || node.kind === 'Phrase') return true;
  return (
    node.kind === 'And' && node.operands.every((o) => o.kind === 'Term' || o.kind === 'Phrase')
  );
}

/** True when every word and phrase of the group is a value of `field` as written. */
function wordsFit(body: Node, field: SchemaField): boolean {
  const nodes = body.kind === 'And' ? body.operands : [body];
  return nodes.every(
    (n) => (n.kind === 'Term' || n.kind === 'Phrase') && readValue(n.value, field).ok,
  );
}

function checkCommaList(clause: Field, context: CheckContext): void {
  const group = clause.value;
  const text = context.text;
  if (group.kind !== 'Group' || text === undefined || !onlyWords(group.body)) return;
  const inner = text.slice(group.span.start + 1, group.span.end - 1);
  // An escaped comma is part of a value (`P:(a\,b)`), as is one in a value the field holds as written (a code `a,b`).
  if (inner.includes('\\')) return;
  const items = listItems(inner);
  if (items === undefined) return;
  const field = context.fieldOf(clause.field, clause);
  if (field !== undefined && !acceptsEveryValue(field) && wordsFit(group.body, field)) return;
  const written = items.map((v) => writeListItem(v, field));
  const ok = written.every((w) => w !== undefined);
  const meant = `(${written.join(' OR ')})`;
  const fixes: Fix[] = ok
    ? [
        {
          kind: 'rewrite',
          title: `Write ${clause.field.raw}:${meant}`,
          edits: [{ span: group.span, text: meant }],
          safe: false,
        },
      ]
    : [];
  context.report({
    code: 'comma-list',
    message: `commas do not separate values: this searches "${field?.name ?? clause.field.value}" for the ${items.length} values together, commas included; the field holding any of them is written ${clause.field.raw}:${ok ? meant : '(a OR b)'}`,
    span: group.span,
    fixes,
  });
}

function reportDashRange(
  span: { start: number; end: number },
  field: SchemaField,
  low: string,
  high: string,
  context: CheckContext,
): void {
  const meant = `${escapeFieldName(field.name)}:[${low} TO ${high}]`;
  context.report({
    code: 'dash-range',
    message: `a dash does not make a range: '${low}-${high}' is searched as one word, which "${field.name}" never holds; a range is written ${meant}`,
    span,
    fixes: [
      { kind: 'rewrite', title: `Write ${meant}`, edits: [{ span, text: meant }], safe: false },
    ],
  });
}

/** `Age:18-65`. */
function checkDashedValue(clause: Field, context: CheckContext, done: WeakSet<Node>): void {
  // A digit first (DASHED's first character): most values fail it, with no look-up in `done` and no regex.
  if (clause.value.kind !== 'Term' || !startsWithDigit(clause.value.raw) || done.has(clause))
    return;
  const dashed = DASHED.exec(clause.value.raw);
  const field = dashed === null ? undefined : context.fieldOf(clause.field, clause);
  if (dashed === null || field === undefined || !isNumberField(field)) return;
  reportDashRange(clause.span, field, dashed[1]!, dashed[2]!, context);
}

/** `age 18-65`, `Stock Quantity 10-20`: the field's name, then the dashed numbers. */
function checkNamedRanges(and: And, context: CheckContext, done: WeakSet<Node>): void {
  const schema = context.schema;
  if (schema === undefined) return;
  const ops = and.operands;
  for (let i = 1; i < ops.length; i++) {
    const value = ops[i]!;
    if (value.kind !== 'Term' || and.explicit[i - 1] !== false || !startsWithDigit(value.raw))
      continue;
    const dashed = DASHED.exec(value.raw);
    if (dashed === null) continue;
    const words: Term[] = [];
    for (let j = i - 1; j >= 0 && j >= i - 3; j--) {
      const w = ops[j]!;
      if (w.kind !== 'Term') break;
      words.unshift(w);
      if (j === 0 || and.explicit[j - 1] !== false) break;
    }
    for (let k = words.length; k >= 1; k--) {
      const field = fieldNamed(schema, words, k);
      if (field === undefined) continue;
      if (isNumberField(field)) {
        const start = words[words.length - k]!.span.start;
        reportDashRange({ start, end: value.span.end }, field, dashed[1]!, dashed[2]!, context);
        done.add(value);
      }
      break;
    }
  }
}

export const ListsAndRangesAsWritten: Rule = {
  name: 'ListsAndRangesAsWritten',
  invariant:
    'A list of values is written as an OR, a range as [a TO b]: not with commas or a dash.',
  needsSchema: false,
  codes: {
    'comma-list': {
      severity: 'warning',
      autofix: false,
      summary:
        '`City:(Berlin, Paris)`: commas separate nothing; the fix writes `City:(Berlin OR Paris)`',
    },
    'dash-range': {
      severity: 'warning',
      autofix: false,
      summary: '`Age:18-65`, `age 18-65`: a dash makes no range; the fix writes `Age:[18 TO 65]`',
    },
  },
  create(context) {
    const done = new WeakSet<Node>();
    return {
      And: (node) => checkNamedRanges(node, context, done),
      Field: (node) => {
        checkCommaList(node, context);
        checkDashedValue(node, context, done);
      },
    };
  },
};
