/**
 * DatesAreQuoted: a date with slashes is quoted or written year-month-day. Bare,
 * `Date\ of\ Birth:01/02/1980` reads as `01` in the field, a regex `/02/` and `1980`
 * in every field.
 *
 *   valid:   Date\ of\ Birth:1980-02-01      [Date of Birth] eq "01/02/1980"
 *   invalid: Date\ of\ Birth:01/02/1980      (slash-date)
 */
import type { And, Expr } from '../../language/ast.js';
import { readValue } from '../values.js';
import type { CheckContext } from '../context.js';
import type { Rule } from '../rule.js';

const DIGITS = /^\d{1,4}$/;

const digits = (node: Expr | undefined): string | undefined =>
  node?.kind === 'Term' && DIGITS.test(node.raw)
    ? node.raw
    : node?.kind === 'Regex' && DIGITS.test(node.pattern)
      ? node.pattern
      : undefined;

function checkSlashDates(and: And, context: CheckContext): void {
  const ops = and.operands;
  for (let i = 0; i + 2 < ops.length; i++) {
    const clause = ops[i]!;
    if (clause.kind !== 'Field' || clause.value.kind !== 'Term') continue;
    const middle = ops[i + 1]!;
    const last = ops[i + 2]!;
    // `01/02/1980` with nothing between its parts: the value, a regex and a word.
    if (
      middle.kind !== 'Regex' ||
      clause.value.span.end !== middle.span.start ||
      middle.span.end !== last.span.start
    )
      continue;
    const parts = [digits(clause.value), digits(middle), digits(last)];
    if (parts.some((p) => p === undefined)) continue;
    const field = context.fieldOf(clause.field, clause);
    if (field === undefined || (field.kind !== 'date' && field.kind !== 'datetime')) continue;
    const written = parts.join('/');
    const reading = readValue(written, field);
    const iso =
      !reading.ok && reading.suggestion !== undefined && reading.suggestionSafe === true
        ? reading.suggestion
        : undefined;
    const span = { start: clause.value.span.start, end: last.span.end };
    context.report({
      code: 'slash-date',
      message: `unquoted, '${written}' reads as '${parts[0]}' in "${field.name}", a regex /${parts[1]}/ and '${parts[2]}' in every field; write the date year-month-day${iso ? `: ${iso}` : ''}`,
      span,
      ...(iso
        ? {
            fixes: [
              { kind: 'syntax', title: `Write ${iso}`, edits: [{ span, text: iso }], safe: true },
            ],
          }
        : {}),
    });
  }
}

export const DatesAreQuoted: Rule = {
  name: 'DatesAreQuoted',
  invariant: 'A date with slashes is quoted or written year-month-day, never bare.',
  needsSchema: true,
  codes: {
    'slash-date': {
      severity: 'error',
      autofix: true,
      summary:
        '`Date\\ of\\ Birth:01/02/1980` unquoted reads as a word, a regex and a word; fixed to the year-month-day date',
    },
  },
  // Its reports need a regex between two words, and a regex needs a slash.
  mayReport: (text) => text.includes('/'),
  create(context) {
    return { And: (node) => checkSlashDates(node, context) };
  },
};
