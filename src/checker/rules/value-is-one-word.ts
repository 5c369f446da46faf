/**
 * ValueIsOneWord: a field's bare value is one word. `City:New York` searches City for
 * "New" and every field for "York"; the words were most likely one value.
 *
 *   valid:   City:"New York"      City:Berlin AND York      [City] eq "New York"
 *   invalid: City:New York        Rating:5 stars             (value-then-words)
 */
import type { And, Expr, Field, Term } from '../../language/ast.js';
import { isQueryWhitespace, quote } from '../../language/escape.js';
import type { CheckContext } from '../context.js';
import { opensLookAlike } from '../look-alike-quotes.js';
import { isOperatorWord } from '../operator-words.js';
import type { Rule } from '../rule.js';
import type { SchemaField } from '../../schema/schema.js';
import { readValue } from '../values.js';

/** At most this many words after the value are taken as part of it. */
const MAX_WORDS = 4;

const isPlainWord = (node: Expr | undefined): node is Term =>
  node?.kind === 'Term' && !isOperatorWord(node) && !/^[=<>!]+$/.test(node.value);

/** True when `text` holds only whitespace from `start` to `end`, and some. */
function isBlank(text: string, start: number, end: number): boolean {
  if (end <= start) return false;
  for (let i = start; i < end; i++) if (!isQueryWhitespace(text[i]!)) return false;
  return true;
}

function checkValueRunsOn(and: And, context: CheckContext): void {
  const ops = and.operands;
  for (let i = 0; i + 1 < ops.length; i++) {
    const clause = ops[i]!;
    // The join first: it costs no look at the clause, and most joins are operators.
    if (
      and.explicit[i] !== false ||
      clause.kind !== 'Field' ||
      clause.value.kind !== 'Term' ||
      !isPlainWord(ops[i + 1])
    )
      continue;
    // `City:'New York'`: single quotes, which NoSqlSyntax reports.
    if (clause.value.raw[0] === "'") continue;
    // `City:“New York”`: look-alike quotes, which StraightQuotes reports.
    if (opensLookAlike(clause.value.value)) continue;
    const field = context.fieldOf(clause.field, clause);
    if (field === undefined) continue;
    const words: Term[] = [];
    for (
      let j = i + 1;
      j < ops.length &&
      words.length < MAX_WORDS &&
      (j === i + 1 || and.explicit[j - 1] === false) &&
      isPlainWord(ops[j]);
      j++
    ) {
      // The words of a name with unescaped spaces belong to the next clause's name, not to this value.
      if (context.inSpacedName(ops[j]!)) break;
      words.push(ops[j] as Term);
    }
    if (words.length === 0) continue;
    // `Time:9:30pm`: the parser cut the value at a character (its own error), not at a space.
    const text = context.text;
    if (text !== undefined && !isBlank(text, clause.value.span.end, words[0]!.span.start)) continue;
    reportSplitValue(clause, words, field, context);
  }
}

function reportSplitValue(
  clause: Field,
  words: readonly Term[],
  field: SchemaField,
  context: CheckContext,
): void {
  const name = field.name;
  const value = clause.value as Term;
  const last = words[words.length - 1]!;
  const joined = [value.value, ...words.map((w) => w.value)].join(' ');
  const rest = words.map((w) => w.value).join(' ');
  const span = { start: value.span.start, end: last.span.end };
  context.report({
    code: 'value-then-words',
    message: `only '${value.value}' is searched in "${name}"; '${rest}' ${words.length === 1 ? 'is' : 'are'} searched in every field. If it is one value, quote it: ${quote(joined)}`,
    span,
    // Offered only where the words together are a value of the field (`Rating:"5 stars"` is no number).
    ...(readValue(joined, field).ok
      ? {
          fixes: [
            {
              kind: 'syntax',
              title: `Quote the value: ${quote(joined)}`,
              edits: [{ span, text: quote(joined) }],
            },
          ],
        }
      : {}),
  });
}

export const ValueIsOneWord: Rule = {
  name: 'ValueIsOneWord',
  invariant: "A field's unquoted value is one word; words after it are searched in every field.",
  needsSchema: true,
  codes: {
    'value-then-words': {
      severity: 'warning',
      autofix: false,
      summary:
        '`City:New York`: only `New` is searched in City, `York` in every field; the fix quotes the value',
    },
  },
  create(context) {
    return { And: (node) => checkValueRunsOn(node, context) };
  },
};
