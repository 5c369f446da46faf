/**
 * mdq's answer to a case, in the shape of Lucene's: accepted (no error diagnostic) and,
 * when accepted, the Lucene view of the tree.
 */
import { parse } from '../../src/index.js';
import type { LuceneAnswer } from './cases.js';
import { luceneView } from './lucene-view.js';

export type MdqAnswer =
  | { readonly accepted: true; readonly query: string }
  | { readonly accepted: false; readonly errors: readonly string[] };

export function mdqAnswer(text: string): MdqAnswer {
  const { ast, diagnostics } = parse(text);
  const errors = diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.code}: ${d.message}`);
  return errors.length > 0
    ? { accepted: false, errors }
    : { accepted: true, query: luceneView(ast) };
}

/** True when mdq and Lucene agree: both reject, or both accept with the same query text. */
export function agrees(mdq: MdqAnswer, lucene: LuceneAnswer): boolean {
  if (mdq.accepted !== lucene.accepted) return false;
  return !mdq.accepted || (lucene.accepted && mdq.query === lucene.query);
}

/** A one-line account of a disagreement, for test failure messages. */
export function describeAnswers(mdq: MdqAnswer, lucene: LuceneAnswer): string {
  const m = mdq.accepted ? `mdq: ${mdq.query}` : `mdq rejects (${mdq.errors.join('; ')})`;
  const l = lucene.accepted ? `Lucene: ${lucene.query}` : `Lucene rejects (${lucene.error})`;
  return `${l} | ${m}`;
}
