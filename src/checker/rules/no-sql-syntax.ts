/**
 * NoSqlSyntax: the query is written in mdq's language, not SQL. `First Name = 'Tim'`
 * parses, as the words `First`, `Name`, `=` and `'Tim'`, each searched in every field;
 * single quotes quote nothing (`'New York'` is the words `'New` and `York'`). The fixes
 * write the comparison that was meant, so they change what is searched: none is safe.
 *
 *   valid:   [First Name] eq "Tim"      City:"Berlin"      "a = b"      O'Brien
 *   invalid: First Name = 'Tim'         age >= 18          Product Name LIKE '%Phone%'
 *            SELECT * FROM customers WHERE City = 'Berlin'       (sql-syntax)
 *            City:'Berlin'              'New York'                (single-quotes)
 */
import type {
  And,
  Comparison,
  ComparisonOperator,
  Expr,
  Field,
  Node,
  NodeKind,
  Term,
} from '../../language/ast.js';
import {
  bracketFieldName,
  escapeFieldName,
  isSignedDecimal,
  printRangeBound,
  printWildcardPattern,
  quote,
} from '../../language/escape.js';
import type { Fix } from '../../language/diagnostic.js';
import type { SchemaField, SchemaIndex } from '../../schema/schema.js';
import type { CheckContext } from '../context.js';
import type { Rule } from '../rule.js';
import { closest, containingWord } from '../suggest.js';
import {
  comparisonOperator,
  fieldNamed,
  gluedComparison,
  likeOperator,
  likeWildcard,
  listItems,
  mayBeGlued,
  mayHoldSqlHabit,
  singleQuoted,
  sqlComparisons,
  sqlIdioms,
  writeListItem,
  type SqlComparison,
  type SqlIdiom,
} from '../sql-habits.js';
import { readValue } from '../values.js';
import { meantValue } from '../written-values.js';
import { kindAround } from '../walk.js';

/** A comparison as mdq writes it. */
interface Written {
  readonly text: string;
}

const NO_COMPARISONS: readonly { c: SqlComparison; fixes: Fix[] }[] = [];

/** Suggested field names per schema and unknown name (a mistake tends to recur; comparing with every field costs). */
const suggestions = /* @__PURE__ */ new WeakMap<SchemaIndex, Map<string, readonly string[]>>();

function suggest(schema: SchemaIndex, name: string): readonly string[] {
  let cache = suggestions.get(schema);
  if (cache === undefined) suggestions.set(schema, (cache = new Map()));
  let names = cache.get(name);
  if (names === undefined) {
    const containing = containingWord(name, schema.fields.keys(), 4);
    names = [
      ...containing,
      ...closest(name, schema.fields.keys()).filter((n) => !containing.includes(n)),
    ].slice(0, 4);
    if (cache.size < 10_000) cache.set(name, names);
  }
  return names;
}

/**
 * The mdq text for the comparison on `name` (`field` when the schema has it), or undefined
 * when the value cannot be one of the field's (a fix must not trade a warning for an error).
 */
function rewrite(
  c: SqlComparison,
  name: string,
  field: SchemaField | undefined,
): Written | undefined {
  let operator: ComparisonOperator | undefined = comparisonOperator(c.written);
  let value = c.value;
  if (c.written === 'like') {
    const like = likeOperator(value);
    if (like === undefined) {
      // `a%b`: only a wildcard says it; on a field that has no text it means nothing.
      if (field !== undefined && field.kind !== 'text' && field.kind !== 'opaque') return undefined;
      return { text: `${escapeFieldName(name)}:${printWildcardPattern(likeWildcard(value))}` };
    }
    operator = like.operator;
    value = like.value;
  }
  if (operator === undefined) return undefined;
  const textual = operator === 'contains' || operator === 'startswith' || operator === 'endswith';
  if (field !== undefined && !textual) {
    const reading = readValue(value, field);
    if (!reading.ok) {
      if (reading.suggestion === undefined) return undefined;
      value = reading.suggestion;
    }
  }
  const numeric =
    field !== undefined ? field.kind === 'integer' || field.kind === 'decimal' : !c.quoted;
  const written = !textual && numeric && isSignedDecimal(value) ? value : quote(value);
  return { text: `${bracketFieldName(name)} ${operator} ${written}` };
}

/** "the words First, Name, = and 'Tim'" for the message. */
function wordsOf(c: SqlComparison, nameWords: readonly Term[]): string {
  // A glued comparison's name part is inside its word (`age>=18`), said once with it.
  const own = c.glued === true ? nameWords.slice(0, -1) : nameWords;
  const words = [
    ...own.map((w) => w.raw),
    ...c.rest.map((n) => ('raw' in n ? n.raw : n.kind === 'Not' ? '!=' : '')),
  ].filter((w) => w !== '');
  return words.length <= 1
    ? `the word ${words[0] ?? ''}`
    : `the words ${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The fields the name words before an SQL operator may mean: how many words name it (`k`), and the name if unknown. */
interface Named {
  k: number;
  field: SchemaField | undefined;
  candidates: { name: string; field: SchemaField | undefined; k: number }[];
  unknown: string;
}

function namedBy(words: readonly Term[], context: CheckContext): Named {
  const schema = context.schema;
  let k = words.length;
  let field: SchemaField | undefined;
  if (schema !== undefined) {
    for (; k >= 1; k--) if ((field = fieldNamed(schema, words, k)) !== undefined) break;
    if (field !== undefined)
      return { k, field, candidates: [{ name: field.name, field, k }], unknown: '' };
    // No field: the word next to the operator is the name meant; suggest the fields it may be.
    const unknown = words[words.length - 1]!.value;
    return {
      k: 1,
      field: undefined,
      unknown,
      candidates: suggest(schema, unknown).map((name) => ({
        name,
        field: schema.field(name),
        k: 1,
      })),
    };
  }
  // Without a schema: the word next to the operator, and the longest run of words (`First Name`).
  const longest = Math.min(words.length, 3);
  return {
    k: longest,
    field: undefined,
    unknown: '',
    candidates: [longest, 1]
      .filter((n, i, all) => all.indexOf(n) === i)
      .map((n) => ({
        name: words
          .slice(words.length - n)
          .map((w) => w.value)
          .join(' '),
        field: undefined,
        k: n,
      })),
  };
}

/** The fixes and message for one comparison. */
function reportComparison(c: SqlComparison, context: CheckContext, done: WeakSet<Node>): Fix[] {
  const schema = context.schema;
  const words = c.nameWords;
  const { k, field, candidates, unknown } = namedBy(words, context);
  // `x=1` (an id, a token) when no field is near its name: a word after all, not SQL.
  if (c.glued === true && schema !== undefined && field === undefined && candidates.length === 0)
    return [];
  const start = words[words.length - k]!.span.start;
  const span = { start, end: c.end };
  const fixes: Fix[] = [];
  for (const candidate of candidates) {
    const written = rewrite(c, candidate.name, candidate.field);
    if (written === undefined) continue;
    const edits = [
      {
        span: { start: words[words.length - candidate.k]!.span.start, end: c.end },
        text: written.text,
      },
    ];
    if (!context.keepsSyntax(edits)) continue;
    fixes.push({ kind: 'rewrite', title: `Write ${written.text}`, edits, safe: false });
  }
  for (const n of c.rest) done.add(n);
  const operator =
    c.written === '!=' ? '!=' : c.written.length > 2 ? c.written.toUpperCase() : c.written;
  const rewrites = fixes.map((f) => f.edits[0]!.text);
  const meant =
    unknown !== ''
      ? `; there is no field "${unknown}"${rewrites.length > 0 ? `: did you mean ${rewrites.join(' or ')}?` : ''}`
      : rewrites.length > 0
        ? `; to compare the field, write ${rewrites[0]}`
        : '; a comparison is written [Field Name] eq "value"';
  context.report({
    code: 'sql-syntax',
    message: `'${operator}' is SQL, not an operator of this language: this searches every field for ${wordsOf(c, words.slice(words.length - k))}${meant}`,
    span,
    fixes,
  });
  return fixes;
}

/** The clause an SQL idiom means on the field `name`, or undefined when a value cannot be the field's. */
function rewriteIdiom(
  i: SqlIdiom,
  name: string,
  field: SchemaField | undefined,
): string | undefined {
  const f = escapeFieldName(name);
  switch (i.idiom) {
    case 'in':
    case 'not in': {
      const items = i.values.map((v) => writeListItem(v, field));
      if (items.some((v) => v === undefined)) return undefined;
      const clause = items.length === 1 ? `${f}:${items[0]}` : `${f}:(${items.join(' OR ')})`;
      return i.idiom === 'in' ? clause : `-${clause}`;
    }
    case 'between': {
      const bounds = i.values.map((v) => (field === undefined ? v : boundFor(v, field)));
      if (bounds.some((v) => v === undefined)) return undefined;
      return `${f}:[${printRangeBound(bounds[0]!)} TO ${printRangeBound(bounds[1]!)}]`;
    }
    case 'is null':
      return `NOT _exists_:${f}`;
    case 'is not null':
      return `_exists_:${f}`;
  }
}

/**
 * A bound of BETWEEN as the field holds it: as written, the value rules' correction, or
 * the one value a number or date written as people do means (`13.02.1960`); undefined
 * when the field cannot hold it or its meaning is not certain (`01/02/2020`).
 */
function boundFor(value: string, field: SchemaField): string | undefined {
  const reading = readValue(value, field);
  if (reading.ok) return value;
  if (reading.suggestion !== undefined) return reading.suggestion;
  const meant = meantValue(value, field);
  return meant?.certain === true && meant.values.length === 1 ? meant.values[0] : undefined;
}

/** Why no range was written: a bound the field cannot hold, and the form it expects (`Age BETWEEN '01/01/1960' AND ...`). */
function unfit(i: SqlIdiom, field: SchemaField | undefined): string {
  if (field === undefined || i.idiom !== 'between') return '';
  for (const v of i.values) {
    if (boundFor(v, field) !== undefined) continue;
    const reading = readValue(v, field);
    const reason = meantValue(v, field)?.reason ?? (reading.ok ? '' : reading.reason);
    return `; for the field "${field.name}": ${reason}`;
  }
  return '';
}

const IDIOM_MEANS: Readonly<Record<SqlIdiom['idiom'], string>> = {
  in: 'the field holding any of the values is written',
  'not in': 'the field holding none of the values is written',
  between: 'a range is written',
  'is null': 'records without a value in the field are found with',
  'is not null': 'records with a value in the field are found with',
};

/** The report on one SQL idiom: `City IN ('a','b')`, `Age BETWEEN 18 AND 65`, `Phone IS NULL`. */
function reportIdiom(i: SqlIdiom, context: CheckContext, done: WeakSet<Node>): void {
  const words = i.nameWords;
  const { k, field, candidates, unknown } = namedBy(words, context);
  // No field near the name: words after all (`made in (Germany, Italy)`), not SQL.
  if (context.schema !== undefined && field === undefined && candidates.length === 0) return;
  const span = { start: words[words.length - k]!.span.start, end: i.end };
  const fixes: Fix[] = [];
  for (const candidate of candidates) {
    const rewritten = rewriteIdiom(i, candidate.name, candidate.field);
    if (rewritten === undefined) continue;
    const start = words[words.length - candidate.k]!.span.start;
    // A negation that would be the whole query starts from every record, as only-negations
    // would have it: one round of fixQuery writes the final query.
    const whole =
      context.text !== undefined &&
      context.text.slice(0, start).trim() === '' &&
      context.text.slice(i.end).trim() === '';
    const text =
      whole && (i.idiom === 'not in' || i.idiom === 'is null') ? `*:* ${rewritten}` : rewritten;
    const edits = [{ span: { start, end: i.end }, text }];
    if (!context.keepsSyntax(edits)) continue;
    fixes.push({ kind: 'rewrite', title: `Write ${text}`, edits, safe: false });
  }
  for (const n of i.rest) markAll(n, done);
  const keyword = i.idiom.toUpperCase();
  const rewrites = fixes.map((f) => f.edits[0]!.text);
  const meant =
    unknown !== ''
      ? `; there is no field "${unknown}"${rewrites.length > 0 ? `: did you mean ${rewrites.join(' or ')}?` : ''}`
      : rewrites.length > 0
        ? `; ${IDIOM_MEANS[i.idiom]} ${rewrites[0]}`
        : unfit(i, field);
  context.report({
    code: 'sql-syntax',
    message: `'${keyword}' is SQL, not part of this language: its words are searched in every field${meant}`,
    span,
    fixes,
  });
}

/**
 * `[Email] like "%gmail%"`: the parser reads `like` as `contains` and says so, but its `%`
 * stay, searched literally. The fix writes the comparison the pattern means, `%` dropped.
 */
function reportLike(node: Comparison, context: CheckContext): void {
  const text = context.text;
  // The parser reads `like` as its alias `contains` (parser.ts, OPERATOR_ALIASES): any other
  // operator was written otherwise, and its text need not be cut out and read.
  if (text === undefined || node.operator !== 'contains' || node.value.kind !== 'StringValue')
    return;
  const written = text.slice(node.field.span.end, node.value.span.start).trim();
  if (written.length !== 4 || written.toLowerCase() !== 'like') return;
  const like = likeOperator(node.value.value);
  const field = context.fieldOf(node.field);
  const name = field?.name ?? node.field.value;
  const meant =
    like !== undefined
      ? `${bracketFieldName(name)} ${like.operator} ${quote(like.value)}`
      : field === undefined || field.kind === 'text' || field.kind === 'opaque'
        ? `${escapeFieldName(name)}:${printWildcardPattern(likeWildcard(node.value.value))}`
        : undefined;
  const edits = meant === undefined ? [] : [{ span: node.span, text: meant }];
  context.report({
    code: 'sql-syntax',
    message: `'LIKE' is SQL: its % and _ are wildcards there, searched as characters here${meant !== undefined ? `; write ${meant}` : ''}`,
    span: node.span,
    fixes:
      meant !== undefined && context.keepsSyntax(edits)
        ? [{ kind: 'rewrite', title: `Write ${meant}`, edits, safe: false }]
        : [],
  });
}

/** `node` and every node in it, as covered by a report (a list's quoted words are not said again). */
function markAll(node: Node, done: WeakSet<Node>): void {
  done.add(node);
  if (node.kind === 'Group') markAll(node.body, done);
  else if (node.kind === 'And' || node.kind === 'Or')
    for (const o of node.operands) markAll(o, done);
  else if (node.kind === 'Not') markAll(node.operand, done);
}

const wordIs = (node: Expr | undefined, word: string): node is Term =>
  node?.kind === 'Term' && node.value.length === word.length && node.value.toLowerCase() === word;

/** `SELECT ... FROM table [WHERE ...]` at the start of an AND: the condition is all the query holds. */
function reportSelect(
  and: And,
  found: readonly { c: SqlComparison; fixes: Fix[] }[],
  context: CheckContext,
): void {
  const ops = and.operands;
  if (!wordIs(ops[0], 'select')) return;
  let from = -1;
  let where = -1;
  for (let i = 1; i < ops.length; i++) {
    if (and.explicit[i - 1] !== false) break;
    if (from < 0 && wordIs(ops[i], 'from')) from = i;
    else if (from > 0 && wordIs(ops[i], 'where')) {
      where = i;
      break;
    }
  }
  if (from < 0) return;
  const table =
    ops[from + 1]?.kind === 'Term' && from + 1 !== where
      ? (ops[from + 1] as Term).value
      : undefined;
  const startAt = ops[0]!.span.start;
  const schemaSays = `the schema is chosen by the search's schema parameter${table !== undefined ? ` (schema=${table})` : ''}, not in the query`;
  if (where < 0) {
    const end = ops[ops.length - 1]!.span.end;
    const onlySelect = from + 2 >= ops.length;
    context.report({
      code: 'sql-syntax',
      message: `this is SQL, which the service does not read: every word is searched in every field; ${schemaSays}, and a query of every record is *:*`,
      span: { start: startAt, end },
      fixes: onlySelect
        ? [
            {
              kind: 'rewrite',
              title: 'Write *:*',
              edits: [{ span: { start: startAt, end }, text: '*:*' }],
              safe: false,
            },
          ]
        : [],
    });
    return;
  }
  const whereEnd = ops[where]!.span.end;
  if (where + 1 >= ops.length) return;
  // The prefix goes, and each comparison after WHERE that has one sure rewrite is written as meant.
  const edits = [{ span: { start: startAt, end: ops[where + 1]!.span.start }, text: '' }];
  const written: string[] = [];
  for (const { c, fixes } of found) {
    if (c.operatorStart > whereEnd && fixes.length === 1) {
      edits.push(...fixes[0]!.edits);
      written.push(fixes[0]!.edits[0]!.text);
    }
  }
  context.report({
    code: 'sql-syntax',
    message: `this is SQL, which the service does not read: the query is only the condition after WHERE, and ${schemaSays}`,
    span: { start: startAt, end: whereEnd },
    fixes: context.keepsSyntax(edits)
      ? [
          {
            kind: 'rewrite',
            title:
              written.length > 0
                ? `Keep the condition: ${written.join(' ')}`
                : 'Keep the condition after WHERE',
            edits,
            safe: false,
          },
        ]
      : [],
  });
}

/** `City:'New York'`, `'New York'`: single quotes around words joined by adjacency. */
function reportQuotedRuns(and: And, context: CheckContext, done: WeakSet<Node>): void {
  const ops = and.operands;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    const clause = op.kind === 'Field' && op.value.kind === 'Term' ? op : undefined;
    if (op.kind !== 'Term' && clause === undefined) continue;
    // A field's value runs on into the AND: read the quoted run as if the value stood in its place.
    const first = clause !== undefined ? (clause.value as Term) : (op as Term);
    // The quote first: nearly every word fails it, and costs no look-up in `done`.
    if (
      first.raw.charCodeAt(0) !== 39 /* ' */ ||
      first.raw.length < 2 ||
      (first.raw.endsWith("'") && !first.raw.endsWith("\\'")) ||
      done.has(op)
    )
      continue;
    const run = singleQuoted(
      {
        ...and,
        operands: [first, ...ops.slice(i + 1, i + 7)],
        explicit: and.explicit.slice(i, i + 7),
      },
      0,
      context.text,
    );
    if (run === undefined || run.last === 0) continue;
    const lastWord = ops[i + run.last]!;
    const field = clause !== undefined ? context.fieldOf(clause.field, clause) : undefined;
    reportQuoted(first, lastWord.span.end, run.value, clause, field, context);
    done.add(first);
    for (let j = i + 1; j <= i + run.last; j++) done.add(ops[j]!);
    i += run.last;
  }
}

/** One single-quoted string from `first` to `end`, searched in `field` or everywhere. */
function reportQuoted(
  first: Term,
  end: number,
  value: string,
  clause: Field | undefined,
  field: SchemaField | undefined,
  context: CheckContext,
): void {
  const span = { start: first.span.start, end };
  const written = context.text?.slice(span.start, span.end) ?? first.raw;
  let meant: string | undefined = value;
  if (field !== undefined && value !== '') {
    const reading = readValue(value, field);
    if (!reading.ok) meant = reading.suggestion;
  }
  const words = written.split(/\s+/);
  const place =
    field !== undefined
      ? `"${field.name}"`
      : clause !== undefined
        ? `"${clause.field.value}"`
        : 'every field';
  const searched =
    words.length === 1
      ? `${written} is searched in ${place} with its quote marks`
      : `${written} is the words ${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}, ${place !== 'every field' ? `the first searched in ${place}, the others in every field` : 'each searched in every field'}`;
  const edits = meant !== undefined && meant !== '' ? [{ span, text: quote(meant) }] : [];
  context.report({
    code: 'single-quotes',
    message: `single quotes do not quote in this language: ${searched}; write ${quote(meant ?? value)}`,
    span,
    fixes:
      edits.length > 0
        ? [{ kind: 'syntax', title: `Write ${quote(meant!)}`, edits, safe: false }]
        : [],
  });
}

export const NoSqlSyntax: Rule = {
  name: 'NoSqlSyntax',
  invariant:
    "The query is written in mdq's language, not SQL: no `=` or `LIKE` between words, no single-quoted strings.",
  needsSchema: false,
  codes: {
    'sql-syntax': {
      severity: 'warning',
      autofix: false,
      summary:
        "`First Name = 'Tim'`, `age >= 18`, `LIKE`, `SELECT ... WHERE`: SQL, searched as words; the fix writes the comparison meant",
    },
    'single-quotes': {
      severity: 'warning',
      autofix: false,
      summary: "`City:'New York'`: single quotes quote nothing; the fix writes double quotes",
    },
  },
  create(context) {
    // The operands a report has covered, so that a quoted word is said once.
    const done = new WeakSet<Node>();
    return {
      And(node) {
        if (!mayHoldSqlHabit(node)) return;
        // Inside `field:(...)` a word is that field's value: `P:(A<#)` searches the code `A<#`, no comparison.
        const comparisons = sqlComparisons(node, context.text, !context.inFieldScope());
        const found =
          comparisons.length === 0
            ? NO_COMPARISONS
            : comparisons.map((c) => ({ c, fixes: reportComparison(c, context, done) }));
        for (const idiom of sqlIdioms(node, context.text)) reportIdiom(idiom, context, done);
        reportSelect(node, found, context);
        reportQuotedRuns(node, context, done);
      },
      Comparison: (node) => reportLike(node, context),
      Term(node, parent, given?: NodeKind | null) {
        if (node.raw.charCodeAt(0) !== 39 /* ' */) {
          // `age>=18` on its own (in an AND, the And hook above has said it).
          // The cheap test of the word first: most words hold no `=<>`, and then need no look-up in `done`.
          if (!mayBeGlued(node)) return;
          const around = kindAround(parent, given);
          if (
            !context.inFieldScope() &&
            (around === null ||
              around === 'Query' ||
              around === 'Or' ||
              around === 'Group' ||
              around === 'Not' ||
              around === 'Required') &&
            !done.has(node)
          ) {
            const glued = gluedComparison(node);
            if (glued !== undefined) reportComparison(glued, context, done);
          }
          return;
        }
        if (done.has(node)) return;
        const around = kindAround(parent, given);
        // Ranges, fuzzy words and the like are left alone: only a word searched as it is.
        if (
          around !== null &&
          around !== 'Query' &&
          around !== 'And' &&
          around !== 'Or' &&
          around !== 'Group' &&
          around !== 'Not' &&
          around !== 'Required' &&
          around !== 'Field'
        )
          return;
        const raw = node.raw;
        if (raw.length < 3 || !raw.endsWith("'") || raw.endsWith("\\'")) return;
        // `('Berlin','Paris')`: a list, which ListsAndRangesAsWritten (or the IN above) writes as an OR.
        if (around === 'Group' && listItems(raw) !== undefined) return;
        const clause = around === 'Field' ? (parent as Field) : undefined;
        reportQuoted(
          node,
          node.span.end,
          node.value.slice(1, -1).replace(/''/g, "'"),
          clause,
          context.scopedField(),
          context,
        );
      },
    };
  },
};
