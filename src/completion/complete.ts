/**
 * `complete(text, offset, { schema })`: the items that fit at the cursor, best first,
 * and the span they replace. Synchronous, schema-driven, and safe on any text: the
 * cursor context (cursor-context.ts) decides which provider answers.
 */
import { COMPARISON_OPERATORS, type ComparisonOperator } from '../language/ast.js';
import { isOrdered, isTextual } from '../schema/field-kind.js';
import type { SchemaField, SchemaIndex } from '../schema/schema.js';
import { catalogOf, rankText, schemaIndexOf, type Catalog } from './catalog.js';
import { cursorContext, type CursorContext, type FieldNameForm } from './cursor-context.js';
import { COMPARISON_MEANINGS } from './describe.js';
import { candidate, typed as prepare, type Typed } from './fuzzy.js';
import { lex } from './lexed.js';
import {
  AND,
  CLAUSE_KEYWORDS,
  CLOSE_GROUP,
  CLOSE_QUOTE,
  LOWER_AND,
  LOWER_OR,
  NOT,
  OR,
  RANGE_END_EXCLUSIVE,
  RANGE_END_INCLUSIVE,
  RANGE_TO,
  type Keyword,
} from './providers/keywords.js';
import { consider, rankedItems, resetRanking } from './providers/rank.js';
import { schemaValues, templateValues, type ValueEntry } from './providers/values.js';
import type {
  CompletionContextKind,
  CompletionItem,
  CompletionOptions,
  CompletionResult,
} from './types.js';

const DEFAULT_MAX_ITEMS = 100;

/** One completion request, as the providers see it. */
interface Request {
  readonly context: CursorContext;
  readonly catalog: Catalog | undefined;
  readonly typed: Typed;
  readonly maxItems: number;
  readonly today: Date;
}

type Provider = (request: Request) => readonly CompletionItem[];

const NO_ITEMS: readonly CompletionItem[] = /* @__PURE__ */ Object.freeze([]);

/** One provider per context. */
const PROVIDERS: { readonly [K in CompletionContextKind]: Provider } = {
  clause: clauseItems,
  'after-clause': afterClauseItems,
  'field-name': fieldNameItems,
  operator: operatorItems,
  value: valueItems,
  'range-to': (r) => keywordItems(r, [RANGE_TO]),
  'range-end': (r) => keywordItems(r, [RANGE_END_INCLUSIVE, RANGE_END_EXCLUSIVE]),
  phrase: () => [{ ...CLOSE_QUOTE.item, sortText: rankText(0) }],
  none: () => NO_ITEMS,
};

/** `maxItems` as a count: whole (1.5 made an array of length 1.5, a RangeError), at least 1, else the default; Infinity means all. */
function itemLimit(max: unknown): number {
  return typeof max === 'number' && max >= 1 ? Math.floor(max) : DEFAULT_MAX_ITEMS;
}

export function complete(
  text: string,
  offset: number,
  options: CompletionOptions = {},
): CompletionResult {
  const source = typeof text === 'string' ? text : '';
  const at = Number.isFinite(offset)
    ? Math.min(Math.max(Math.trunc(offset), 0), source.length)
    : source.length;
  // Between the halves of a surrogate pair (an emoji) any insert would split the character: nothing to offer there.
  if (isHighSurrogate(source.charCodeAt(at - 1)) && isLowSurrogate(source.charCodeAt(at)))
    return { from: at, to: at, items: NO_ITEMS, context: { kind: 'none', prefix: '' } };
  const given: CompletionOptions = typeof options === 'object' && options !== null ? options : {};
  const index = schemaIndexOf(given.schema);
  const context = spacedNameContext(cursorContext(lex(source), at), index);
  const request: Request = {
    context,
    catalog: index === undefined ? undefined : catalogOf(index),
    typed: prepare(context.prefix),
    maxItems: itemLimit(given.maxItems),
    today: given.today ?? new Date(),
  };
  const items = PROVIDERS[context.kind](request);
  return {
    from: context.from,
    to: context.to,
    items,
    context: {
      kind: context.kind,
      prefix: context.prefix,
      ...(context.field !== undefined ? { field: context.field } : {}),
      ...(context.valueStyle !== undefined ? { valueStyle: context.valueStyle } : {}),
    },
  };
}

export function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

export function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/**
 * `First Na|`: when the words before the cursor begin a field name with spaces, the
 * context becomes that name, typed with unescaped spaces (the items write it in brackets).
 */
function spacedNameContext(context: CursorContext, index: SchemaIndex | undefined): CursorContext {
  if (context.spacedPrefix === undefined || index === undefined) return context;
  const typed = context.spacedPrefix.toLowerCase();
  for (const entry of catalogOf(index).entries) {
    if (entry.names[0]!.lower.startsWith(typed))
      return {
        kind: 'clause',
        from: context.spacedFrom!,
        to: context.to,
        prefix: context.spacedPrefix,
        tokenFrom: context.spacedFrom!,
        tokenTo: context.to,
        openGroups: context.openGroups,
      };
  }
  return context;
}

// ------------------------------------------------------------------ fields

function considerFields(request: Request, form: FieldNameForm): void {
  const catalog = request.catalog;
  if (catalog === undefined) return;
  const entries = catalog.entries;
  // The prepared items of this form, one per entry in the same order: names are escaped once per schema.
  const items = catalog.fieldItems(form);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    consider(
      request.typed,
      entry.names,
      entry.group === 2 ? 1 : 0,
      entry.group === 1 ? 1 : 0,
      items[i]!,
    );
  }
}

function considerKeywords(request: Request, keywords: readonly Keyword[]): void {
  for (let i = 0; i < keywords.length; i++)
    consider(request.typed, keywords[i]!.names, 0, 0, keywords[i]!.item);
}

function fieldNameItems(request: Request): readonly CompletionItem[] {
  const form = request.context.form ?? 'name';
  if (request.typed.lower === '') return request.catalog?.fieldItems(form) ?? NO_ITEMS;
  resetRanking();
  considerFields(request, form);
  return rankedItems(request.maxItems);
}

/** Items with their rank as sort text, in the order given. */
function inOrder(items: readonly CompletionItem[]): CompletionItem[] {
  return items.map((item, rank) => ({ ...item, sortText: rankText(rank) }));
}

function keywordItems(request: Request, keywords: readonly Keyword[]): readonly CompletionItem[] {
  resetRanking();
  considerKeywords(request, keywords);
  return rankedItems(request.maxItems);
}

/** The field a context names, when the schema knows it. */
function knownField(request: Request): SchemaField | undefined {
  const name = request.context.field;
  return name === undefined ? undefined : request.catalog?.index.field(name);
}

// ------------------------------------------------------------------ clauses

function clauseItems(request: Request): readonly CompletionItem[] {
  const { context } = request;
  if (context.field !== undefined) return scopedClauseItems(request, false);
  const form = context.form === 'escaped-clause' ? 'escaped-clause' : 'clause';
  if (request.typed.lower === '' && request.catalog !== undefined) {
    const catalog = request.catalog;
    return catalog.list(`clause:${form}`, () =>
      inOrder([...catalog.fieldItems(form), ...CLAUSE_KEYWORDS.map((k) => k.item)]),
    );
  }
  if (request.typed.lower === '') return inOrder(CLAUSE_KEYWORDS.map((k) => k.item));
  resetRanking();
  considerKeywords(request, CLAUSE_KEYWORDS);
  considerFields(request, form);
  return rankedItems(request.maxItems);
}

/** The keywords that may follow a complete clause here. */
function joiners(context: CursorContext): Keyword[] {
  const list = [AND, OR, NOT];
  if (context.afterComparison) list.push(LOWER_AND, LOWER_OR);
  if ((context.openGroups ?? 0) > 0) list.push(CLOSE_GROUP);
  return list;
}

function afterClauseItems(request: Request): readonly CompletionItem[] {
  const { context } = request;
  if (request.typed.lower === '') return inOrder(joiners(context).map((k) => k.item));
  if (context.field !== undefined) return scopedClauseItems(request, true);
  // A word after a clause: an operator being typed, or the next clause (implicit AND).
  resetRanking();
  considerKeywords(request, joiners(context));
  considerFields(request, context.form === 'escaped-clause' ? 'escaped-clause' : 'clause');
  return rankedItems(request.maxItems);
}

/** A clause inside `field:( ... )`: the field's values (and the joiners after a complete one). */
function scopedClauseItems(request: Request, afterClause: boolean): readonly CompletionItem[] {
  resetRanking();
  if (afterClause) considerKeywords(request, joiners(request.context));
  considerValues(request, true);
  if (!afterClause) considerKeywords(request, [NOT]);
  return rankedItems(request.maxItems);
}

// ------------------------------------------------------------------ operators

/** The comparison operators that fit a field's type (all of them for a field the schema does not know). */
function operatorsFor(field: SchemaField | undefined): readonly ComparisonOperator[] {
  if (field === undefined) return COMPARISON_OPERATORS;
  if (field.kind === 'image') return [];
  return COMPARISON_OPERATORS.filter((op) => {
    if (op === 'gt' || op === 'lt' || op === 'ge' || op === 'le') return isOrdered(field.kind);
    if (op === 'contains' || op === 'startswith' || op === 'endswith') return isTextual(field.kind);
    return true;
  });
}

const OPERATOR_KEYWORDS = /* @__PURE__ */ new Map<string, Keyword>(
  COMPARISON_OPERATORS.map((op) => [
    op,
    {
      item: {
        label: op,
        kind: 'operator',
        insert: `${op} `,
        detail: COMPARISON_MEANINGS[op],
        documentation: `\`[Field] ${op} value\`: ${COMPARISON_MEANINGS[op]}.`,
        sortText: '',
      },
      names: [candidate(op)],
    },
  ]),
);

function operatorItems(request: Request): readonly CompletionItem[] {
  const operators = operatorsFor(knownField(request));
  resetRanking();
  for (let i = 0; i < operators.length; i++) {
    const keyword = OPERATOR_KEYWORDS.get(operators[i]!)!;
    const item = request.context.needsSpace
      ? { ...keyword.item, insert: ` ${keyword.item.insert}` }
      : keyword.item;
    consider(request.typed, keyword.names, 0, 0, item);
  }
  return rankedItems(request.maxItems);
}

// ------------------------------------------------------------------ values

function considerValues(request: Request, inGroup: boolean): void {
  const field = knownField(request);
  if (field === undefined) return;
  const style = request.context.valueStyle ?? 'term';
  const fixed = schemaValues(field, style);
  const templates = templateValues(field, style, request.today, inGroup);
  considerEntries(request, fixed);
  considerEntries(request, templates);
}

function considerEntries(request: Request, entries: readonly ValueEntry[]): void {
  for (let i = 0; i < entries.length; i++)
    consider(request.typed, entries[i]!.names, 0, 0, entries[i]!.item);
}

function valueItems(request: Request): readonly CompletionItem[] {
  const field = knownField(request);
  if (field === undefined) return NO_ITEMS;
  const style = request.context.valueStyle ?? 'term';
  if (request.typed.lower === '') {
    const fixed = schemaValues(field, style);
    const templates = templateValues(field, style, request.today, false);
    if (templates.length === 0) return fixed.map((e) => e.item);
    return inOrder([...fixed.map((e) => e.item), ...templates.map((e) => e.item)]);
  }
  resetRanking();
  considerValues(request, false);
  return rankedItems(request.maxItems);
}
