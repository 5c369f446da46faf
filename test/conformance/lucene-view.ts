/**
 * mdq's "Lucene view": the Lucene query, as Lucene 8.7's `Query.toString()` prints it,
 * that means what an mdq syntax tree means. The conformance test compares it with what
 * Lucene's classic QueryParser recorded for the same text.
 *
 * The translation follows mdq's tree, not Lucene's parser: an `And` is one BooleanQuery
 * whose operands are MUST clauses, an `Or` one whose operands are SHOULD clauses, and
 * an operand written `NOT x` / `-x` is a MUST_NOT clause and `+x` a MUST clause of the
 * query that holds it. So wherever mdq's precedence (NOT > AND > OR) groups differently
 * from Lucene's flat clause list, the two strings differ, which is the point.
 *
 * The leaves follow the classic parser's settings: default field `text`, whitespace
 * analysis (a term or phrase is split on Java whitespace; one token is a TermQuery),
 * fuzzy similarity turned into edits as `FuzzyQuery.floatToEdits` does.
 */
import type { Expr, NodeKind, NodeOfKind, Query } from '../../src/index.js';
import { wildcardParts, type WildcardPart } from '../../src/index.js';
import {
  EMPTY_BOOLEAN,
  luceneToString,
  type BooleanClause,
  type LuceneQuery,
  type Occur,
} from './lucene-query.js';

/** The classic parser's default field in the recorded cases. */
export const DEFAULT_FIELD = 'text';

/** Lucene's `LevenshteinAutomata.MAXIMUM_SUPPORTED_DISTANCE`. */
const MAX_EDITS = 2;
/** `CharTokenizer`'s default longest token: longer runs are cut into pieces of this length. */
const MAX_TOKEN_LENGTH = 255;
/** Java's `Character.isWhitespace`, which Lucene's WhitespaceTokenizer splits on (not U+00A0, U+2007, U+202F). */
const JAVA_WHITESPACE =
  /[\t\n\u000B\f\r\u001C-\u001F \u1680\u2000-\u2006\u2008-\u200A\u2028\u2029\u205F\u3000]+/;

/** Thrown for a node that cannot stand where it was met (an `Error` node, a bare `FieldName`). */
export class NoLuceneViewError extends Error {
  override readonly name = 'NoLuceneViewError';
}

type Translate<K extends NodeKind> = (node: NodeOfKind<K>, field: string) => LuceneQuery | null;

/** WhitespaceAnalyzer: the tokens of `text`. */
export function whitespaceTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.split(JAVA_WHITESPACE)) {
    for (let i = 0; i < word.length; i += MAX_TOKEN_LENGTH)
      tokens.push(word.slice(i, i + MAX_TOKEN_LENGTH));
  }
  return tokens;
}

/** An unquoted term: one token is a TermQuery, several a BooleanQuery of MUST clauses (default operator AND). */
function analyzedTerm(field: string, text: string): LuceneQuery | null {
  const tokens = whitespaceTokens(text);
  if (tokens.length === 0) return null;
  if (tokens.length === 1) return { type: 'term', field, text: tokens[0]! };
  return {
    type: 'boolean',
    clauses: tokens.map((t) => ({ occur: 'MUST', query: { type: 'term', field, text: t } })),
  };
}

/** A quoted phrase: one token is a TermQuery (the slop is dropped), several a PhraseQuery. */
function analyzedPhrase(field: string, text: string, slop: number): LuceneQuery | null {
  const tokens = whitespaceTokens(text);
  if (tokens.length === 0) return null;
  if (tokens.length === 1) return { type: 'term', field, text: tokens[0]! };
  return { type: 'phrase', field, terms: tokens, slop };
}

/** `FuzzyQuery.floatToEdits`: `~2` is two edits, `~0.5` a similarity turned into edits for the term's length. */
export function fuzzyEdits(similarity: number, text: string): number {
  const s = Math.fround(similarity);
  if (s >= 1) return Math.trunc(Math.min(s, MAX_EDITS));
  if (s === 0) return 0;
  return Math.min(Math.trunc((1 - s) * [...text].length), MAX_EDITS);
}

function sameParts(a: readonly WildcardPart[], b: readonly WildcardPart[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** How Lucene's WildcardQuery reads a raw word: `\c` is the literal `c` (no `\u` escapes), `*` and `?` are wildcards. */
function luceneWildcardParts(raw: string): WildcardPart[] {
  let pattern = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && i + 1 < raw.length) {
      const next = raw[++i]!;
      pattern += next === '*' || next === '?' || next === '\\' ? `\\${next}` : next;
    } else {
      pattern += c;
    }
  }
  return wildcardParts(pattern);
}

/**
 * A wildcard: a PrefixQuery when the only wildcard is one trailing `*` after some text
 * (Lucene's PREFIXTERM token), else a WildcardQuery. Lucene keeps the escapes of a
 * WildcardQuery as written, so its text is the raw word whenever Lucene reads that word
 * as the same pattern mdq does; otherwise it is mdq's pattern, which then differs.
 */
function wildcard(node: NodeOfKind<'Wildcard'>, field: string): LuceneQuery {
  const parts = wildcardParts(node.pattern);
  const last = parts[parts.length - 1];
  const wildcards = parts.filter((p) => 'wildcard' in p).length;
  if (
    parts.length === 2 &&
    wildcards === 1 &&
    last !== undefined &&
    'wildcard' in last &&
    last.wildcard === '*'
  ) {
    const first = parts[0]!;
    if ('literal' in first) return { type: 'prefix', field, prefix: first.literal };
  }
  if (field === '*' && node.pattern === '*') return { type: 'matchAll' };
  const text = sameParts(luceneWildcardParts(node.raw), parts) ? node.raw : node.pattern;
  return { type: 'wildcard', field, text };
}

/**
 * Lucene 8's classic parser does not split on whitespace before analysis: a run of two or
 * more bare words joined by adjacency (none followed by AND or OR) is analysed as one text
 * (its `MultiTerm` rule), so a word with an escaped space, `New\ York City`, gives three
 * flat clauses rather than a nested query. Returns, for each operand of an implicit AND,
 * whether it belongs to such a run.
 */
function multiTermRuns(node: NodeOfKind<'And'>): boolean[] {
  const inRun = node.operands.map(() => false);
  const last = node.operands.length - 1;
  const bare = (i: number): boolean => node.operands[i]!.kind === 'Term';
  for (let start = 0; start < last; start++) {
    if (!bare(start) || (start > 0 && node.explicit[start - 1])) continue;
    let end = start;
    while (
      end < last &&
      bare(end + 1) &&
      !node.explicit[end] &&
      (end + 1 === last || !node.explicit[end + 1])
    )
      end++;
    for (let i = start; end > start && i <= end; i++) inRun[i] = true;
    start = Math.max(start, end);
  }
  return inRun;
}

/** The BooleanQuery of an AND or OR: prefixed operands set their own occur, the others take `occur`. */
function booleanOf(
  operands: readonly Expr[],
  occur: Occur,
  field: string,
  inRun: readonly boolean[] = [],
): LuceneQuery | null {
  const clauses: BooleanClause[] = [];
  operands.forEach((operand, i) => {
    if (inRun[i] && operand.kind === 'Term') {
      for (const text of whitespaceTokens(operand.value))
        clauses.push({ occur: 'MUST', query: { type: 'term', field, text } });
      return;
    }
    const [own, inner] =
      operand.kind === 'Not'
        ? (['MUST_NOT', operand.operand] as const)
        : operand.kind === 'Required'
          ? (['MUST', operand.operand] as const)
          : ([occur, operand] as const);
    const query = translate(inner, field);
    if (query !== null) clauses.push({ occur: own, query });
  });
  if (clauses.length === 0) return null;
  // Like the classic parser: a lone clause left after analysis dropped the others stands
  // for itself when it was written without a prefix.
  const first = operands[0]!;
  if (
    clauses.length === 1 &&
    first.kind !== 'Not' &&
    first.kind !== 'Required' &&
    translate(first, field) !== null
  )
    return clauses[0]!.query;
  return { type: 'boolean', clauses };
}

function notAClause(node: { readonly kind: NodeKind }): never {
  throw new NoLuceneViewError(`a ${node.kind} node is not a clause`);
}

/** One translation per node kind; `field` is the field in scope (`text`, or the name of an enclosing `field:`). */
const translations: { readonly [K in NodeKind]: Translate<K> } = {
  Query: (node, field) => (node.body === null ? null : translate(node.body, field)),
  Or: (node, field) => booleanOf(node.operands, 'SHOULD', field),
  And: (node, field) => booleanOf(node.operands, 'MUST', field, multiTermRuns(node)),
  Not: (node, field) => booleanOf([node], 'MUST', field),
  Required: (node, field) => booleanOf([node], 'MUST', field),
  Group: (node, field) => translate(node.body, field),
  Field: (node, _field) => translate(node.value, node.field.value),
  // Lucene reads `_exists_:x` as a plain term (or phrase) in the field `_exists_`.
  Exists: (node) =>
    node.field.raw.startsWith('"')
      ? analyzedPhrase('_exists_', node.field.value, 0)
      : analyzedTerm('_exists_', node.field.value),
  Comparison: (node) => ({
    type: 'foreign',
    description: `[${node.field.value}] ${node.operator} ${node.value.raw}`,
  }),
  Term: (node, field) => analyzedTerm(field, node.value),
  Wildcard: wildcard,
  Phrase: (node, field) => analyzedPhrase(field, node.value, 0),
  Regex: (node, field) => ({ type: 'regexp', field, text: node.pattern }),
  Range: (node, field) => ({
    type: 'range',
    field,
    lower: node.lower.value,
    upper: node.upper.value,
    includeLower: node.lowerInclusive,
    includeUpper: node.upperInclusive,
  }),
  // mdq reads `f:>x` as a half-open range, open ends inclusive as in `f:{x TO *]`.
  Relation: (node, field) => ({
    type: 'range',
    field,
    lower: node.operator.startsWith('>') ? node.value.value : null,
    upper: node.operator.startsWith('<') ? node.value.value : null,
    includeLower: node.operator !== '>',
    includeUpper: node.operator !== '<',
  }),
  Fuzzy: (node, field) => {
    const similarity = node.distance ?? MAX_EDITS;
    if (similarity >= 1 && !Number.isInteger(similarity)) {
      return { type: 'foreign', description: `a fractional edit distance ${similarity}` };
    }
    return {
      type: 'fuzzy',
      field,
      text: node.operand.value,
      maxEdits: fuzzyEdits(similarity, node.operand.value),
    };
  },
  Proximity: (node, field) =>
    analyzedPhrase(field, node.operand.value, Math.trunc(node.distance ?? 0)),
  Boost: (node, field) => {
    const inner = translate(node.operand, field);
    return inner === null ? null : { type: 'boost', query: inner, boost: node.value };
  },
  MatchAll: () => ({ type: 'matchAll' }),
  FieldName: notAClause,
  RangeBound: notAClause,
  StringValue: notAClause,
  NumberValue: notAClause,
  Error: (node) => {
    throw new NoLuceneViewError(`the tree has an error node at ${node.span.start}`);
  },
};

function translate(
  node: Expr | NodeOfKind<'Query'> | NodeOfKind<'Relation'>,
  field: string,
): LuceneQuery | null {
  return (translations[node.kind] as Translate<NodeKind>)(node as never, field);
}

/** The Lucene query that means what `ast` means (the empty BooleanQuery when nothing is left). */
export function luceneQuery(ast: Query, field: string = DEFAULT_FIELD): LuceneQuery {
  return translate(ast, field) ?? EMPTY_BOOLEAN;
}

/** What Lucene's `Query.toString()` prints for the meaning of `ast`. */
export function luceneView(ast: Query, field: string = DEFAULT_FIELD): string {
  return luceneToString(luceneQuery(ast, field));
}
