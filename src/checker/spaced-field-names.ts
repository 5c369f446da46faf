/**
 * `First Name:John` parses as `First AND Name:John`: the space ends the field name.
 * When the words just before a `field:` clause (joined by adjacency, no operator)
 * together with its name form a known field, the user surely meant that field. The
 * same holds after `_exists_:First Name`. Found once per AND, shared by the rules.
 */
import type { And, Exists, Expr, Field, Term } from '../language/ast.js';
import type { SchemaIndex, SchemaField } from '../schema/schema.js';

const NONE: readonly SpacedFieldName[] = [];

/** The longest field name written with unescaped spaces that we look for, in words. */
const MAX_WORDS = 5;

export interface SpacedFieldName {
  /** The `field:` or `_exists_:` clause whose name is the last (or first) word. */
  readonly clause: Field | Exists;
  readonly field: SchemaField;
  /** The other words of the name, in source order. */
  readonly words: readonly Term[];
  /** Where the whole name starts and ends in the text. */
  readonly start: number;
  readonly end: number;
  /**
   * A plain word follows the clause, joined by adjacency (`Last Name:van Dijk`): the
   * value probably runs on, so rewriting only the name is not what was meant.
   */
  readonly wordAfter: boolean;
  /**
   * The plain words after a `field:word` clause, joined by adjacency, that the value most likely
   * runs on into (`van` `Dijk`): at most four, none of them part of the next clause's name.
   */
  readonly valueWords: readonly Term[];
  /** A lower-case `and`/`or`/`not` word is next to the name or clause: a bracket comparison would make it an operator. */
  readonly operatorWordNext: boolean;
}

const OPERATOR_WORDS = /* @__PURE__ */ new Set(['and', 'or', 'not']);
const NO_WORDS: readonly Term[] = [];
/** At most this many words after a value are taken as part of it (as ValueIsOneWord takes them). */
const MAX_VALUE_WORDS = 4;

/** The plain words after `ops[i]` joined by adjacency, less those that start the next clause's spaced name. */
function wordsAfter(and: And, i: number, schema: SchemaIndex): readonly Term[] {
  const ops = and.operands;
  const words: Term[] = [];
  let j = i + 1;
  for (; j < ops.length && words.length < MAX_VALUE_WORDS && and.explicit[j - 1] === false; j++) {
    const w = ops[j]!;
    if (
      w.kind !== 'Term' ||
      isOperatorWordTerm(w) ||
      /^[=<>!]+$/.test(w.value) ||
      w.raw !== w.value
    )
      break;
    words.push(w);
  }
  // `Last Name:van Dijk First Name:Tim`: `First` is the next clause's name, not the value's.
  const next = ops[j];
  if (
    next !== undefined &&
    and.explicit[j - 1] === false &&
    (next.kind === 'Field' || next.kind === 'Exists')
  ) {
    for (let t = 0; t < words.length; t++) {
      const name = [...words.slice(t).map((w) => w.value), next.field.value].join(' ');
      if (lookup(schema, name) !== undefined) return words.slice(0, t);
    }
  }
  return words.length === 0 ? NO_WORDS : words;
}

const isOperatorWordTerm = (node: Expr | undefined): boolean =>
  node?.kind === 'Term' && OPERATOR_WORDS.has(node.raw);

/** A bare word, possibly behind a prefix operator that then applies to the whole clause. */
function bareWord(node: Expr | undefined, allowPrefix: boolean): Term | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'Term') return node;
  if (
    allowPrefix &&
    (node.kind === 'Not' || node.kind === 'Required') &&
    node.operand.kind === 'Term'
  )
    return node.operand;
  return undefined;
}

function lookup(schema: SchemaIndex, name: string): SchemaField | undefined {
  const exact = schema.field(name);
  if (exact) return exact;
  const loose = schema.looseMatches(name);
  return loose.length === 1 ? loose[0] : undefined;
}

/** Every clause of `and` whose field name continues over unescaped spaces. */
export function spacedFieldNames(and: And, schema: SchemaIndex): readonly SpacedFieldName[] {
  // Made on the first one found: most ANDs have none.
  let found: SpacedFieldName[] | undefined;
  const ops = and.operands;
  const explicit = and.explicit;
  for (let i = 0; i < ops.length; i++) {
    // A spaced name needs a word joined by adjacency (no operator) before a `field:` clause or after an `_exists_:`:
    // test the joins first, which costs no look at the clause.
    if (!(i > 0 && explicit[i - 1] === false) && !(i < explicit.length && explicit[i] === false))
      continue;
    const clause = ops[i]!;
    if (
      clause.kind === 'Field' &&
      i > 0 &&
      and.explicit[i - 1] === false &&
      clause.field.value !== '*'
    ) {
      // How many bare words, joined by adjacency, run up to the clause.
      let run = 0;
      while (
        run < MAX_WORDS - 1 &&
        i - run - 1 >= 0 &&
        and.explicit[i - run - 1] === false &&
        bareWord(ops[i - run - 1], true) !== undefined
      )
        run++;
      for (let k = run; k >= 1; k--) {
        const words: Term[] = [];
        let ok = true;
        for (let j = i - k; j < i && ok; j++) {
          const word = bareWord(ops[j], j === i - k);
          ok = word !== undefined && and.explicit[j] === false;
          if (word) words.push(word);
        }
        if (!ok) continue;
        const field = lookup(schema, [...words.map((w) => w.value), clause.field.value].join(' '));
        if (field) {
          const start = words[0]!.span.start;
          const end = clause.field.span.end;
          const next = i + 1 < ops.length && explicit[i] === false ? ops[i + 1] : undefined;
          (found ??= []).push({
            clause,
            field,
            words,
            start,
            end,
            wordAfter: next?.kind === 'Term' && !isOperatorWordTerm(next),
            valueWords: clause.value.kind === 'Term' ? wordsAfter(and, i, schema) : NO_WORDS,
            operatorWordNext: isOperatorWordTerm(ops[i - k - 1]) || isOperatorWordTerm(ops[i + 1]),
          });
          break;
        }
      }
    } else if (
      clause.kind === 'Exists' &&
      i + 1 < ops.length &&
      and.explicit[i] === false &&
      !clause.field.raw.startsWith('"')
    ) {
      for (let k = Math.min(ops.length - 1 - i, MAX_WORDS - 1); k >= 1; k--) {
        const words: Term[] = [];
        let ok = true;
        for (let j = i + 1; j <= i + k && ok; j++) {
          const word = bareWord(ops[j], false);
          ok = word !== undefined && and.explicit[j - 1] === false;
          if (word) words.push(word);
        }
        if (!ok) continue;
        const field = lookup(schema, [clause.field.value, ...words.map((w) => w.value)].join(' '));
        if (field) {
          const start = clause.field.span.start;
          const end = words[words.length - 1]!.span.end;
          const next =
            i + k + 1 < ops.length && explicit[i + k] === false ? ops[i + k + 1] : undefined;
          (found ??= []).push({
            clause,
            field,
            words,
            start,
            end,
            wordAfter: next?.kind === 'Term' && !isOperatorWordTerm(next),
            valueWords: NO_WORDS,
            operatorWordNext: isOperatorWordTerm(ops[i - 1]) || isOperatorWordTerm(ops[i + k + 1]),
          });
          break;
        }
      }
    }
  }
  return found ?? NONE;
}
