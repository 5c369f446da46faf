/**
 * StraightQuotes: values are quoted with `"`, not with marks that look like it. A word
 * processor writes `City:“New York”`, which the parser reads as the words `“New` and
 * `York”`, marks included; the person meant `City:"New York"`. The fix writes straight
 * quotes, and is safe: nobody searches for a typographic quote mark on purpose.
 *
 *   valid:   City:"New York"      "Tim"      don’t      O’Brien
 *   invalid: City:“New York”      ‘Tim’      „Berlin“      «Paris»      [City] eq “Berlin”
 *            "“Tim”" (straight quotes around typographic ones: what the old fix wrote)
 *                                                                           (smart-quotes)
 */
import type { And, Expr, Node, Phrase, StringValue, Term } from '../../language/ast.js';
import { quote } from '../../language/escape.js';
import type { CheckContext } from '../context.js';
import { closesLookAlike, mayHoldLookAlike, opensLookAlike } from '../look-alike-quotes.js';
import type { Rule } from '../rule.js';

/** A quoted run is closed within this many further words, or it is not taken as one. */
const MAX_WORDS = 8;

type Quoted = Term | Phrase | StringValue;

/** The value a clause searches, when it is a word or a string (`City:“a`, `[City] eq “a`, `“a`). */
function valueOf(node: Expr): Quoted | undefined {
  switch (node.kind) {
    case 'Term':
      return node;
    case 'Field':
      return node.value.kind === 'Term' || node.value.kind === 'Phrase' ? node.value : undefined;
    case 'Comparison':
      return node.value.kind === 'StringValue' ? node.value : undefined;
    default:
      return undefined;
  }
}

function reportSmartQuoted(
  context: CheckContext,
  nodes: readonly Quoted[],
  done: WeakSet<Node>,
): void {
  const first = nodes[0]!;
  const last = nodes[nodes.length - 1]!;
  const span = { start: first.span.start, end: last.span.end };
  const text = context.text;
  // The words as written, with the spaces between them, when the text is known.
  let inner = '';
  for (let i = 0; i < nodes.length; i++) {
    if (i > 0)
      inner += text === undefined ? ' ' : text.slice(nodes[i - 1]!.span.end, nodes[i]!.span.start);
    inner += nodes[i]!.value;
  }
  const open = inner[0]!;
  const close = inner[inner.length - 1]!;
  const meant = quote(inner.slice(1, -1));
  for (const n of nodes) done.add(n);
  context.report({
    code: 'smart-quotes',
    message: `${open} and ${close} only look like quote marks: ${inner} is searched with them as part of ${nodes.length === 1 ? 'the word' : 'its words'}; values are quoted with straight quotes: ${meant}`,
    span,
    fixes: [
      { kind: 'syntax', title: `Write ${meant}`, edits: [{ span, text: meant }], safe: true },
    ],
  });
}

/** A value in look-alike quotes on its own: `“Tim”`, `"“Tim”"`. */
function checkOne(node: Quoted, context: CheckContext, done: WeakSet<Node>): void {
  const value = node.value;
  if (value.length >= 2 && opensLookAlike(value) && closesLookAlike(value, 1) && !done.has(node))
    reportSmartQuoted(context, [node], done);
}

/** Runs of words in an AND opened and closed by look-alike quotes: `“New` ... `York”`. */
function checkRuns(and: And, context: CheckContext, done: WeakSet<Node>): void {
  const ops = and.operands;
  for (let i = 0; i < ops.length; i++) {
    const first = valueOf(ops[i]!);
    if (first === undefined || !opensLookAlike(first.value) || closesLookAlike(first.value, 1))
      continue;
    const run: Quoted[] = [first];
    for (
      let j = i + 1;
      j < ops.length && j <= i + MAX_WORDS && and.explicit[j - 1] === false;
      j++
    ) {
      const word = ops[j]!;
      if (word.kind !== 'Term') break;
      run.push(word);
      if (closesLookAlike(word.value)) {
        reportSmartQuoted(context, run, done);
        i = j;
        break;
      }
    }
  }
}

export const StraightQuotes: Rule = {
  name: 'StraightQuotes',
  invariant: 'Values are quoted with straight quotes ("), not typographic look-alikes.',
  needsSchema: false,
  codes: {
    'smart-quotes': {
      severity: 'warning',
      autofix: true,
      summary:
        '`City:“New York”`, `‘Tim’`, `„Berlin“`, `«Paris»`: look-alike quote marks quote nothing; the safe fix writes `"`',
    },
  },
  mayReport: mayHoldLookAlike,
  create(context) {
    // The words a run has covered, so that none is said twice.
    const done = new WeakSet<Node>();
    return {
      And: (node) => checkRuns(node, context, done),
      Term: (node) => checkOne(node, context, done),
      Phrase: (node) => checkOne(node, context, done),
      StringValue: (node) => checkOne(node, context, done),
    };
  },
};
