/**
 * The diagnostics of the faults the fast path recovered from (fast-path.ts), built by the same
 * functions the reference parser calls (unclosed.ts, missing-operand.ts) and in the order it
 * reports them, with the same bookkeeping for the fixes of pairs left open at one point: the
 * innermost group's fix adds one `)`, the next one two, and a range left open there is closed
 * first (`(f:[a TO b` + `])`).
 */
import type { Span } from './ast.js';
import type { Diagnostic } from './diagnostic.js';
import { detachedPrefixDiagnostic } from './detached-prefix.js';
import { invalidEscapeDiagnostic, unescape } from './escape.js';
import type { Fault } from './fast-path.js';
import {
  fractionalFuzzyDiagnostic,
  invalidFuzzySuffixDiagnostic,
  misplacedFuzzyDiagnostic,
} from './fuzzy.js';
import {
  danglingPrefixDiagnostic,
  emptyGroupDiagnostic,
  missingBoostValueDiagnostic,
  missingComparisonValueDiagnostic,
  missingLowerBoundDiagnostic,
  missingOperandDiagnostic,
  missingOperatorDiagnostic,
  missingUpperBoundDiagnostic,
  missingValueDiagnostic,
  strayOperatorDiagnostic,
} from './missing-operand.js';
import type { TokenStream } from './scanner.js';
import { Kind } from './scanner.js';
import { type StrayKind, strayDiagnostic } from './stray.js';
import {
  unclosedBracketDiagnostic,
  unclosedDiagnostic,
  unclosedGroupDiagnostic,
  unclosedRangeDiagnostic,
} from './unclosed.js';

/** A stray token's kind (fast-path.ts's `isStray`) as its diagnostic tells it apart. */
function strayKindOfKind(kind: number): StrayKind {
  return kind === Kind.RParen
    ? 'paren'
    : kind === Kind.RangeWord ||
        kind === Kind.RangeTo ||
        kind === Kind.RangeEnd ||
        kind === Kind.RangeExclusiveEnd
      ? 'range-part'
      : kind === Kind.Tilde
        ? 'tilde'
        : kind === Kind.Caret
          ? 'caret'
          : 'other';
}

/** Adds the diagnostic of each of `faults`, in order, to `add`. */
export function addRecovered(
  stream: TokenStream,
  faults: readonly Fault[],
  add: (d: Diagnostic) => void,
): void {
  const { text } = stream;
  const at = (i: number): Span => ({ start: stream.starts[i]!, end: stream.ends[i]! });
  const image = (i: number) => text.slice(stream.starts[i]!, stream.ends[i]!);
  // A phrase, regex or bracket left open is the last token: a `)`, `]` or `}` added after it would land inside it.
  const fixable = !faults.some(
    (f) =>
      f.kind === 'unclosed-phrase' || f.kind === 'unclosed-regex' || f.kind === 'unclosed-bracket',
  );
  let groupsAt: Map<number, number> | undefined;
  let rangesAt: Map<number, string> | undefined;
  for (const { kind, token, end } of faults) {
    switch (kind) {
      case 'unclosed-phrase':
        add(
          unclosedDiagnostic(
            text,
            image(token),
            at(token),
            '"',
            'unterminated-phrase',
            'phrase',
            true,
          ),
        );
        break;
      case 'invalid-escape':
      case 'invalid-wildcard-escape':
        for (const p of unescape(text.slice(token, end), kind === 'invalid-wildcard-escape')
          .problems)
          add(invalidEscapeDiagnostic(p, token));
        break;
      case 'dangling-prefix':
      case 'dangling-prefix-and-operator': {
        const to = kind === 'dangling-prefix' ? stream.ends[token]! : stream.ends[token + 1]!;
        add(danglingPrefixDiagnostic(image(token), at(token), { start: end, end: to }));
        break;
      }
      case 'empty-group':
        add(emptyGroupDiagnostic(text, stream.starts[token]!, end));
        break;
      case 'detached-prefix':
        add(detachedPrefixDiagnostic(image(token), at(token), stream.starts[token + 1]!));
        break;
      case 'unclosed-regex':
        add(
          unclosedDiagnostic(
            text,
            image(token),
            at(token),
            '/',
            'unterminated-regex',
            'regex',
            false,
          ),
        );
        break;
      case 'missing-operand':
        add(missingOperandDiagnostic(image(token), at(token)));
        break;
      case 'stray-operator':
        add(strayOperatorDiagnostic(image(token), at(token)));
        break;
      case 'stray':
        add(strayDiagnostic(text, strayKindOfKind(stream.kinds[token]!), image(token), at(token)));
        break;
      case 'fuzzy-after-regex':
        add(misplacedFuzzyDiagnostic('regex', at(token)));
        break;
      case 'fuzzy-after-wildcard':
        add(misplacedFuzzyDiagnostic('wildcard', at(token)));
        break;
      case 'fuzzy-after-clause':
        add(misplacedFuzzyDiagnostic('clause like this', at(token)));
        break;
      case 'invalid-fuzzy':
        add(invalidFuzzySuffixDiagnostic(image(token).slice(1), at(token)));
        break;
      case 'fractional-fuzzy':
        add(fractionalFuzzyDiagnostic(image(token).slice(1), at(token)));
        break;
      case 'missing-boost-value':
        add(missingBoostValueDiagnostic(text, at(token)));
        break;
      case 'missing-value': {
        const colonEnd = stream.ends[token + 1]!;
        add(
          missingValueDiagnostic(
            text,
            image(token),
            { start: stream.starts[token]!, end: colonEnd },
            colonEnd,
          ),
        );
        break;
      }
      case 'unclosed-group': {
        groupsAt ??= new Map();
        const closers = ')'.repeat((groupsAt.get(end) ?? 0) + 1);
        groupsAt.set(end, closers.length);
        add(
          unclosedGroupDiagnostic(
            text,
            at(token),
            end,
            (rangesAt?.get(end) ?? '') + closers,
            fixable,
          ),
        );
        break;
      }
      case 'missing-lower-bound':
        add(missingLowerBoundDiagnostic(at(token)));
        break;
      case 'missing-upper-bound':
        add(missingUpperBoundDiagnostic('TO', at(token)));
        break;
      case 'unclosed-range': {
        const closer = stream.kinds[token] === Kind.RangeStart ? ']' : '}';
        (rangesAt ??= new Map()).set(end, closer);
        // The reference asks of the range's own last token; the fast path reads no open phrase in a range.
        add(unclosedRangeDiagnostic(text, at(token), end, closer, true));
        break;
      }
      case 'missing-operator':
        add(missingOperatorDiagnostic(image(token), at(token)));
        break;
      case 'missing-comparison-value':
        add(missingComparisonValueDiagnostic(image(token), at(token)));
        break;
      case 'unclosed-bracket':
        add(unclosedBracketDiagnostic(text, image(token), at(token)));
        add(missingOperatorDiagnostic(image(token), at(token)));
        break;
    }
  }
}
