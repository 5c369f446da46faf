/**
 * KnownFieldNames: every field a query names exists in the schema (hit metadata
 * fields such as `_dataObjectId` included). Names match exactly; the service's
 * engine silently matches nothing for a misspelt field.
 *
 *   valid:   [First Name] eq "Tim"      _exists_:Email      Home\ Location.lat:52 (nested)
 *   invalid: [Fist Name] eq "Tim"       (unknown-field: did you mean "First Name"?)
 *            [first name] eq "Tim"      (field-name-case: the field is "First Name")
 */
import type { Comparison, Exists, Expr, Field, NodeKind, Span } from '../../language/ast.js';
import type { Fix } from '../../language/diagnostic.js';
import type { SchemaField, SchemaIndex } from '../../schema/schema.js';
import { fieldNameStyle, writeFieldNameAs, type FieldNameStyle } from '../edits.js';
import type { Rule } from '../rule.js';
import { closest, containingWord, quotedList } from '../suggest.js';
import { readValue, valueText, type ValueNode } from '../values.js';
import { kindAround } from '../walk.js';
import { insideColonTime } from '../written-values.js';

/** `30`: a name of digits only (tested without a regular expression: this runs for unknown names only). */
function isDigits(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return name.length > 0;
}

const places = /* @__PURE__ */ new WeakMap<SchemaIndex, string>();

/** An unescaped `*` or `?` in a name as written (tested for `*`/`?` first: most names have neither). */
const hasWildcard = (raw: string): boolean =>
  (raw.includes('*') || raw.includes('?')) && /(^|[^\\])[*?]/.test(raw);

/** "the Customer schema", "the schemas "Customer" and "Product"". */
function where(schema: SchemaIndex): string {
  let text = places.get(schema);
  if (text === undefined) {
    text =
      schema.names.length === 1
        ? `the ${schema.names[0]} schema`
        : `the schemas ${quotedList(schema.names, 'and')}`;
    places.set(schema, text);
  }
  return text;
}

/** True when a dotted name (`Address.city`) continues a known field name. */
function knownParent(schema: SchemaIndex, name: string): boolean {
  for (let dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1)) {
    if (schema.field(name.slice(0, dot))) return true;
  }
  return false;
}

/** What is said about a name the schema does not have: the names meant, and the message. */
interface Verdict {
  readonly code: 'field-name-case' | 'unknown-field' | 'field-alias';
  readonly message: string;
  readonly names: readonly string[];
  /** The fixes' titles, one per name. */
  readonly titles: readonly string[];
  /** The names as each style of clause writes them, made when first needed (every style present from the start: one object shape). */
  readonly written: Record<FieldNameStyle, readonly string[] | undefined>;
  /** `holding`'s answers for clauses with one value, by its text: made when first needed. */
  held: Map<string, Verdict> | undefined;
  /** The same for clauses with more (a range's two bounds), by `heldKey`. */
  heldMany: Map<string, Verdict> | undefined;
}

/** A verdict; what is made of it later starts empty (every field present from the start: one object shape). */
const verdictOf = (code: Verdict['code'], message: string, names: readonly string[]): Verdict => ({
  code,
  message,
  names,
  titles: names.map((n) => `Use "${n}"`),
  written: { bracketed: undefined, quoted: undefined, escaped: undefined },
  held: undefined,
  heldMany: undefined,
});

/** Answers `holding` remembers per verdict (a misspelt name tends to recur, with a few values). */
const MAX_HELD = 64;

function writtenAs(verdict: Verdict, style: FieldNameStyle): readonly string[] {
  return (verdict.written[style] ??= writeAllAs(style, verdict.names));
}

/** Apart from `writtenAs`, which runs for every report: a closure there would allocate on every call. */
function writeAllAs(style: FieldNameStyle, names: readonly string[]): readonly string[] {
  return names.map((n) => writeFieldNameAs(style, n));
}

/**
 * One fix per name meant: the name written in place of `span`. A loop rather than a
 * `map` with a closure: measured, half a megabyte less garbage per check of a
 * 10 000-clause query with 893 misspelt names.
 */
function fixesFor(said: Verdict, written: readonly string[], span: Span): Fix[] {
  const n = said.titles.length;
  const fixes = new Array<Fix>(n);
  // The exact spelling of the one field a name differs from only in case keeps its meaning; a guess at a misspelling does not.
  // So does a configured alias: it names one field, surely.
  const safe = (said.code === 'field-name-case' || said.code === 'field-alias') && n === 1;
  for (let i = 0; i < n; i++)
    fixes[i] = { kind: 'typo', title: said.titles[i]!, edits: [{ span, text: written[i]! }], safe };
  return fixes;
}

/** Verdicts per schema and name: a misspelling tends to recur, and 500 names take a while to compare. */
const verdicts = /* @__PURE__ */ new WeakMap<SchemaIndex, Map<string, Verdict>>();

function verdict(schema: SchemaIndex, name: string): Verdict {
  let cache = verdicts.get(schema);
  if (cache === undefined) verdicts.set(schema, (cache = new Map()));
  let known = cache.get(name);
  if (known === undefined) {
    const loose = schema.looseMatches(name).map((f) => f.name);
    const aliased = schema.aliasOf?.(name);
    if (aliased !== undefined && loose.length === 0) {
      known = verdictOf(
        'field-alias',
        `"${name}" is another name for the field "${aliased.name}"; the service knows the field by its own name`,
        [aliased.name],
      );
    } else if (loose.length > 0) {
      known = verdictOf(
        'field-name-case',
        `no field "${name}"; field names are exact: did you mean ${quotedList(loose)}?`,
        loose,
      );
    } else {
      // Fields with the name as one of their words first (`Name`: "First Name", "Last Name"), then typos of it.
      const containing = containingWord(name, schema.fields.keys());
      const near = [
        ...containing,
        ...closest(name, schema.fields.keys()).filter((n) => !containing.includes(n)),
      ].slice(0, Math.max(3, containing.length));
      known = verdictOf(
        'unknown-field',
        `no field "${name}" in ${where(schema)}${near.length ? `; did you mean ${quotedList(near)}?` : ''}`,
        near,
      );
    }
    if (cache.size < 10_000) cache.set(name, known);
  }
  return known;
}

/** The values a clause compares its field with (none for patterns and `_exists_`). */
function valuesOf(clause: Field | Exists | Comparison): ValueNode[] {
  if (clause.kind === 'Exists') return [];
  if (clause.kind === 'Comparison') {
    const op = clause.operator;
    return op === 'contains' || op === 'startswith' || op === 'endswith' ? [] : [clause.value];
  }
  const value = clause.value;
  switch (value.kind) {
    case 'Term':
    case 'Phrase':
      return [value];
    case 'Relation':
      return [value.value];
    case 'Range':
      return [value.lower, value.upper].filter((b) => b.value !== null && b.value !== '');
    case 'Group':
      return groupValues(value.body);
    default:
      return [];
  }
}

/** At most this many of a group's words are tried against a suggested field. */
const MAX_GROUP_VALUES = 64;

/** The words and phrases of `f:(a OR b)`, each searched in the field (`Fge:(x)` suggests no "Age" for words). */
function groupValues(body: Expr | null): ValueNode[] {
  const found: ValueNode[] = [];
  const stack: Expr[] = body === null ? [] : [body];
  while (stack.length > 0 && found.length < MAX_GROUP_VALUES) {
    const node = stack.pop()!;
    if (node.kind === 'Term' || node.kind === 'Phrase') found.push(node);
    else if (node.kind === 'And' || node.kind === 'Or')
      for (let i = node.operands.length - 1; i >= 0; i--) stack.push(node.operands[i]!);
    else if (node.kind === 'Group' || node.kind === 'Not' || node.kind === 'Required')
      stack.push(node.kind === 'Group' ? node.body : node.operand);
    else if (node.kind === 'Boost') stack.push(node.operand);
  }
  return found;
}

/**
 * The verdict with only the unknown name's suggestions that can hold the clause's
 * values: `Name:Doe` suggests no "Age", which would only trade this warning for an
 * invalid-number error.
 */
function holding(said: Verdict, clause: Field | Exists | Comparison, schema: SchemaIndex): Verdict {
  if (said.code !== 'unknown-field' || said.names.length === 0) return said;
  const values = valuesOf(clause);
  if (values.length === 0) return said;
  // The answer depends on the values' texts alone, so it is remembered: for one value (nearly
  // every clause) by its text, which needs no new string; for more (a range's bounds) by `heldKey`.
  const one = values.length === 1;
  const key = one ? valueText(values[0]!) : heldKey(values);
  let known = (one ? said.held : said.heldMany)?.get(key);
  if (known === undefined) {
    known = narrowed(said, values, schema);
    const held = one ? (said.held ??= new Map()) : (said.heldMany ??= new Map());
    if (held.size < MAX_HELD) held.set(key, known);
  }
  return known;
}

/** The values' texts as one key, each after its length: two lists of texts never share a key. */
export function heldKey(values: readonly ValueNode[]): string {
  let key = '';
  for (const v of values) {
    const text = valueText(v);
    key += `${text.length}:${text}`;
  }
  return key;
}

/** True when `field` can hold `text` as written or as it reads (`Colour:black` is the code BLK). */
function canHold(field: SchemaField, text: string): boolean {
  const reading = readValue(text, field);
  return reading.ok || reading.suggestion !== undefined || reading.alternatives !== undefined;
}

/** A field named as an identifier: `Supplier ID`, `Customer Number`, `SKU`. */
const ID_NAME = /(?:^|[\s_.-])(?:id|no|nr|number|code|key|sku|ean|iban)$/i;

/**
 * `said` with only the names whose fields can hold every one of `values`, and for values
 * that look like names rather than identifiers (no digit: `supplier:acme`), the fields
 * named as identifiers last (`Supplier Name` before `Supplier ID`).
 */
function narrowed(said: Verdict, values: readonly ValueNode[], schema: SchemaIndex): Verdict {
  const holding = said.names.filter((n) => {
    const field = schema.field(n);
    return field === undefined || values.every((v) => canHold(field, valueText(v)));
  });
  const nameLike = values.every((v) => !/\d/.test(valueText(v)));
  const names = nameLike
    ? [...holding.filter((n) => !ID_NAME.test(n)), ...holding.filter((n) => ID_NAME.test(n))]
    : holding;
  if (names.length === said.names.length && names.every((n, i) => n === said.names[i])) return said;
  const message = said.message.replace(
    /; did you mean .*$/,
    names.length ? `; did you mean ${quotedList(names)}?` : '',
  );
  return verdictOf(said.code, message, names);
}

export const KnownFieldNames: Rule = {
  name: 'KnownFieldNames',
  invariant: 'Every field a query names exists in the schema, spelt exactly.',
  needsSchema: true,
  codes: {
    'unknown-field': {
      severity: 'warning',
      autofix: false,
      summary: 'no field of that name; suggests the closest names',
    },
    'field-name-case': {
      severity: 'warning',
      autofix: true,
      summary: 'a field name that differs from a real one only in case or spacing',
    },
    'field-alias': {
      severity: 'warning',
      autofix: true,
      summary:
        "an alias of a field (the schema's `aliases`, `--alias surname=Last Name`); the safe fix writes the field's name",
    },
  },
  create(context) {
    return {
      FieldName(node, parent, given?: NodeKind | null) {
        const around = kindAround(parent, given);
        if (around !== 'Field' && around !== 'Exists' && around !== 'Comparison') return;
        if (context.fieldOf(node)) return;
        const clause = parent as Field | Exists | Comparison;
        const schema = context.schema!;
        const name = node.value;
        if (around !== 'Comparison' && context.spacedName(clause as Field | Exists)) return;
        // `*:x` searches every field; wildcard names are reported by the parser.
        if (name === '' || name === '*' || (around === 'Field' && hasWildcard(node.raw))) return;
        // `9:30:15`: the `30` after a time's stray `:` (the parser's error), no name anyone wrote.
        if (
          context.text !== undefined &&
          isDigits(name) &&
          insideColonTime(context.text, node.span.start)
        )
          return;
        // `parent.child`: a nested field under a known field; the schema does not describe what is inside.
        if (name.includes('.') && knownParent(schema, name)) return;
        const known = verdict(schema, name);
        // Past `maxDiagnostics` only the code is counted: its message and fixes would be dropped.
        if (context.reportRoom() === 0) return context.reportUnbuilt(known.code, 1);
        const said = holding(known, clause, schema);
        const written = writtenAs(said, fieldNameStyle(clause));
        context.report({
          code: said.code,
          message: said.message,
          span: node.span,
          fixes: fixesFor(said, written, node.span),
        });
      },
    };
  },
};
