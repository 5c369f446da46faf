/**
 * The diagnostic of an AND or OR without a clause after it (`a AND`): one definition for the
 * chevrotain parser (parser.ts) and the fast path's recovery of an operator at the end of the
 * query (fast-path.ts), so the two cannot drift apart.
 */
import type { Span } from './ast.js';
import type { Diagnostic } from './diagnostic.js';

/** `missing-operand` at the operator `image` (its span `at`), with the fix that removes it. */
export function missingOperandDiagnostic(image: string, at: Span): Diagnostic {
  return {
    code: 'missing-operand',
    severity: 'error',
    message: `expected a clause after '${image}'`,
    span: at,
    fixes: [{ kind: 'syntax', title: `Remove '${image}'`, edits: [{ span: at, text: '' }] }],
  };
}
