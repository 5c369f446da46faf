/**
 * The diagnostics of a part missing its neighbour: an AND or OR without a clause after it
 * (`a AND`) or before it (`OR a`), a field without its value (`city:`), a range without its
 * upper bound (`[a TO`), a bracketed field without its operator (`[Age]`). One definition for
 * the chevrotain parser (parser.ts) and the fast path's recovery (fast-path.ts, recovered.ts),
 * so the two cannot drift apart.
 */
import type { Span } from './ast.js';
import { COMPARISON_OPERATORS } from './ast.js';
import type { Diagnostic, Fix } from './diagnostic.js';
import { enclosingParens } from './syntax-fixes.js';

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

/** `missing-operand` at an AND or OR (`image`, at `at`) with no clause on its left, with the fix that removes it. */
export function strayOperatorDiagnostic(image: string, at: Span): Diagnostic {
  return {
    code: 'missing-operand',
    severity: 'error',
    message: `'${image}' needs a clause on its left`,
    span: at,
    fixes: [{ kind: 'syntax', title: `Remove '${image}'`, edits: [{ span: at, text: '' }] }],
  };
}

/**
 * `missing-value` after the field `name` whose `:` ends at `colonEnd` (the span `at` runs from
 * the name through the colon). `Credit\ Limit:-100`: a signed number right after the colon
 * reads as NOT and a word; the value was surely that number, so the fixes escape or quote it.
 */
export function missingValueDiagnostic(
  text: string,
  name: string,
  at: Span,
  colonEnd: number,
): Diagnostic {
  const signed = /^[-+][0-9A-Za-z.,_]+(?![^\s()])/.exec(text.slice(colonEnd, colonEnd + 64));
  const message = `expected a value after '${name}:'`;
  if (!signed) return { code: 'missing-value', severity: 'error', message, span: at };
  const fixes: Fix[] = [
    {
      kind: 'syntax',
      title: `Escape '${signed[0][0]}': \\${signed[0]}`,
      edits: [{ span: { start: colonEnd, end: colonEnd + 1 }, text: `\\${signed[0][0]}` }],
      safe: true,
    },
    {
      kind: 'syntax',
      title: `Quote the value: "${signed[0]}"`,
      edits: [
        {
          span: { start: colonEnd, end: colonEnd + signed[0].length },
          text: `"${signed[0].replace(/["\\]/g, '\\$&')}"`,
        },
      ],
    },
  ];
  return {
    code: 'missing-value',
    severity: 'error',
    message: `${message}; a '${signed[0][0]}' right after ':' reads as an operator: escape it (\\${signed[0]}) or quote the value ("${signed[0]}")`,
    span: at,
    fixes,
  };
}

/** `missing-range-bound` at a range's opener (at `at`) when no lower bound follows it (`[TO b]`). */
export function missingLowerBoundDiagnostic(at: Span): Diagnostic {
  return {
    code: 'missing-range-bound',
    severity: 'error',
    message: "expected a lower bound (or '*') in the range",
    span: at,
  };
}

/** `missing-range-bound` after a range's `TO` (at `at`), when no upper bound follows it. */
export function missingUpperBoundDiagnostic(after: string, at: Span): Diagnostic {
  return {
    code: 'missing-range-bound',
    severity: 'error',
    message: `expected an upper bound (or '*') after '${after}'`,
    span: at,
  };
}

/** `missing-value` after a comparison's operator (`image`, at `at`) with no value after it (`[Age] ge`). */
export function missingComparisonValueDiagnostic(image: string, at: Span): Diagnostic {
  return {
    code: 'missing-value',
    severity: 'error',
    message: `expected a quoted value or a number after '${image}'`,
    span: at,
  };
}

/** `missing-operator` after the bracketed field `raw` (at `at`) with no operator after it. */
export function missingOperatorDiagnostic(raw: string, at: Span): Diagnostic {
  return {
    code: 'missing-operator',
    severity: 'error',
    message: `expected a comparison operator after '${raw}' (${COMPARISON_OPERATORS.join(', ')})`,
    span: at,
  };
}

/**
 * `missing-boost-value` at a `^` (at `at`) with no number after it; the fix removes it and the
 * carets right after it (`a^^` less one `^` is `a^`, the same error).
 */
export function missingBoostValueDiagnostic(text: string, at: Span): Diagnostic {
  let end = at.end;
  while (text[end] === '^' && !/[\d.]/.test(text[end + 1] ?? '')) end++;
  return {
    code: 'missing-boost-value',
    severity: 'error',
    message: "expected a number after '^'",
    span: at,
    fixes: [
      {
        kind: 'syntax',
        title: end === at.end ? "Remove '^'" : 'Remove the carets',
        edits: [{ span: { start: at.start, end }, text: '' }],
      },
    ],
  };
}

/**
 * `missing-operand` at the last (`image`, at `at`) of a run of prefix operators with no clause
 * after it (`a AND NOT`, `-`); the fix removes `all`: the run, the AND or OR before it, and at the
 * start of a clause list the AND or OR after it (syntax-fixes.ts's `binaryOperatorBefore`, `opensClauseList`).
 */
export function danglingPrefixDiagnostic(image: string, at: Span, all: Span): Diagnostic {
  return {
    code: 'missing-operand',
    severity: 'error',
    message: `expected a clause after '${image}'`,
    span: at,
    fixes: [
      {
        kind: 'syntax',
        title:
          all.start === at.start && all.end === at.end
            ? `Remove '${image}'`
            : 'Remove the dangling operators',
        edits: [{ span: all, text: '' }],
      },
    ],
  };
}

/** `empty-group` over a group from its `(` at `start` to `end` with no clause in it; the fix removes it with the parentheses around it. */
export function emptyGroupDiagnostic(text: string, start: number, end: number): Diagnostic {
  return {
    code: 'empty-group',
    severity: 'error',
    message: 'empty parentheses: a group needs at least one clause',
    span: { start, end },
    fixes: [
      {
        kind: 'syntax',
        title: 'Remove the empty group',
        edits: [{ span: enclosingParens(text, start, end), text: '' }],
      },
    ],
  };
}
