/**
 * A model of the Lucene 8.7 query classes the classic QueryParser builds, and their
 * `Query.toString()`, so the conformance test can compare mdq with Lucene's recorded
 * answers as text without Java. Each printer below follows the class's own toString:
 *
 * - TermQuery `field:text`; PhraseQuery `field:"a b"` plus `~slop` when the slop is not 0;
 * - BooleanQuery: its clauses joined by spaces, each led by `+` (MUST), `-` (MUST_NOT)
 *   or nothing (SHOULD); a nested BooleanQuery is wrapped in parentheses;
 * - BoostQuery `(inner)^2.0` with Java's `Float.toString`; FuzzyQuery `field:text~2`;
 *   PrefixQuery `field:text*`; WildcardQuery `field:pattern` (escapes as written);
 *   RegexpQuery `field:/re/`; TermRangeQuery `field:[a TO *}` (a literal `*` bound is `\*`);
 *   MatchAllDocsQuery `*:*`.
 *
 * Texts are printed as they are, unescaped: Lucene's toString does not escape either.
 */
import { javaFloatToString } from './java-float.js';

export type Occur = 'MUST' | 'SHOULD' | 'MUST_NOT';

export interface BooleanClause {
  readonly occur: Occur;
  readonly query: LuceneQuery;
}

export type LuceneQuery =
  | { readonly type: 'term'; readonly field: string; readonly text: string }
  | {
      readonly type: 'phrase';
      readonly field: string;
      readonly terms: readonly string[];
      readonly slop: number;
    }
  | { readonly type: 'boolean'; readonly clauses: readonly BooleanClause[] }
  | { readonly type: 'boost'; readonly query: LuceneQuery; readonly boost: number }
  | {
      readonly type: 'fuzzy';
      readonly field: string;
      readonly text: string;
      readonly maxEdits: number;
    }
  | { readonly type: 'prefix'; readonly field: string; readonly prefix: string }
  | { readonly type: 'wildcard'; readonly field: string; readonly text: string }
  | { readonly type: 'regexp'; readonly field: string; readonly text: string }
  | {
      readonly type: 'range';
      readonly field: string;
      readonly lower: string | null;
      readonly upper: string | null;
      readonly includeLower: boolean;
      readonly includeUpper: boolean;
    }
  | { readonly type: 'matchAll' }
  /** Something with no Lucene form (a bracket comparison): printed so it can never equal Lucene's text. */
  | { readonly type: 'foreign'; readonly description: string };

type QueryType = LuceneQuery['type'];
type Printers = { readonly [T in QueryType]: (query: Extract<LuceneQuery, { type: T }>) => string };

const OCCUR_PREFIX: { readonly [O in Occur]: string } = { MUST: '+', SHOULD: '', MUST_NOT: '-' };

function rangeBound(text: string | null): string {
  if (text === null) return '*';
  return text === '*' ? '\\*' : text;
}

const printers: Printers = {
  term: (q) => `${q.field}:${q.text}`,
  phrase: (q) => `${q.field}:"${q.terms.join(' ')}"${q.slop !== 0 ? `~${q.slop}` : ''}`,
  boolean: (q) =>
    q.clauses
      .map(
        (c) =>
          OCCUR_PREFIX[c.occur] +
          (c.query.type === 'boolean' ? `(${luceneToString(c.query)})` : luceneToString(c.query)),
      )
      .join(' '),
  boost: (q) => `(${luceneToString(q.query)})^${javaFloatToString(q.boost)}`,
  fuzzy: (q) => `${q.field}:${q.text}~${q.maxEdits}`,
  prefix: (q) => `${q.field}:${q.prefix}*`,
  wildcard: (q) => `${q.field}:${q.text}`,
  regexp: (q) => `${q.field}:/${q.text}/`,
  range: (q) =>
    `${q.field}:${q.includeLower ? '[' : '{'}${rangeBound(q.lower)} TO ${rangeBound(q.upper)}${q.includeUpper ? ']' : '}'}`,
  matchAll: () => '*:*',
  foreign: (q) => `<no Lucene form: ${q.description}>`,
};

/** What Lucene's `Query.toString()` prints for `query`. */
export function luceneToString(query: LuceneQuery): string {
  return (printers[query.type] as (q: LuceneQuery) => string)(query);
}

/** The empty BooleanQuery, which the parser returns when every clause was analysed away (`""`). */
export const EMPTY_BOOLEAN: LuceneQuery = { type: 'boolean', clauses: [] };
