/**
 * The diagnostics of a `~` that cannot apply: after a clause other than a plain term or phrase
 * (`/ab/~2`, `a*~`), with a suffix that is no number (`a~x`), or with a fractional distance of
 * 1 or more on a term (`a~1.5`). One definition for the chevrotain parser (parser.ts) and the
 * fast path's recovery (fast-path.ts, recovered.ts), so the two cannot drift apart.
 */
import type { Span } from './ast.js';
import type { Diagnostic, Fix } from './diagnostic.js';

/** What a misplaced `~` follows, as its message names it. */
export type FuzzyTarget = 'regex' | 'wildcard' | 'clause like this';

function removeTilde(at: Span): Fix {
  return { kind: 'syntax', title: "Remove '~'", edits: [{ span: at, text: '' }] };
}

/** `misplaced-fuzzy` at a `~` (at `at`) after a `target` it cannot apply to. */
export function misplacedFuzzyDiagnostic(target: FuzzyTarget, at: Span): Diagnostic {
  return {
    code: 'misplaced-fuzzy',
    severity: 'error',
    message: `'~' applies only to a plain term or a phrase, not to a ${target}`,
    span: at,
    fixes: [removeTilde(at)],
  };
}

/** `invalid-fuzzy` at a `~` (at `at`) whose suffix `number` is no number; the fix separates what follows its digits. */
export function invalidFuzzySuffixDiagnostic(number: string, at: Span): Diagnostic {
  const digits = /^\d+(?:\.\d+)?/.exec(number)?.[0] ?? '';
  const split = at.start + 1 + digits.length;
  return {
    code: 'invalid-fuzzy',
    severity: 'error',
    message: `'~' takes a number or nothing, not '${number}'`,
    span: at,
    fixes: [
      {
        kind: 'syntax',
        title: `Separate '${number.slice(digits.length)}' from '~${digits}'`,
        edits: [{ span: { start: split, end: split }, text: ' ' }],
      },
    ],
  };
}

/** `invalid-fuzzy` at a term's `~` (at `at`) with the fractional distance `number` (1 or more). */
export function fractionalFuzzyDiagnostic(number: string, at: Span): Diagnostic {
  const whole = Math.round(Number(number));
  return {
    code: 'invalid-fuzzy',
    severity: 'error',
    message: `a fuzzy edit distance must be a whole number (or a similarity below 1), not ${number}`,
    span: at,
    fixes: [{ kind: 'syntax', title: `Use ~${whole}`, edits: [{ span: at, text: `~${whole}` }] }],
  };
}

/** What a `~` after `leaf` (not a term or phrase) follows, for its message. */
export function fuzzyTarget(leaf: { readonly kind: string }): FuzzyTarget {
  return leaf.kind === 'Regex'
    ? 'regex'
    : leaf.kind === 'Wildcard'
      ? 'wildcard'
      : 'clause like this';
}
