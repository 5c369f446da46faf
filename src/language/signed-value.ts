/**
 * A relation's signed value, `a:<-10`: Lucene's term runs on over a `-` or `+` that starts
 * it, so the sign belongs to the value rather than reading as a prefix operator. One
 * definition for the chevrotain parser and the fast path.
 */
import type { Term } from './ast.js';

/** `term` with the sign written right before it (at `start`) prepended to its text. */
export function signedTerm(sign: string, start: number, term: Term): Term {
  return {
    kind: 'Term',
    raw: sign + term.raw,
    value: sign + term.value,
    span: { start, end: term.span.end },
  };
}
