/**
 * The typed syntax tree of an mdq query.
 *
 * Nodes are plain readonly objects discriminated by `kind`, each with a half-open
 * span `[start, end)` in UTF-16 offsets into the source text. There are no parent
 * pointers: `childKeys` (see visitor.ts) drives every generic walk.
 *
 * Leaves that carry text keep both the `raw` source spelling (escapes intact) and
 * the unescaped `value`. The printer always prints from `value` (or `pattern`),
 * never from `raw`, so a hand-built tree cannot smuggle syntax into the output.
 */

/** A half-open range `[start, end)` of UTF-16 offsets into the query text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

interface NodeBase {
  readonly span: Span;
}

/** The root: the whole query. `body` is null for an empty (or all-whitespace) query. */
export interface Query extends NodeBase {
  readonly kind: 'Query';
  readonly body: Expr | null;
}

/** `a OR b OR c` (also `||`, and `or` next to a bracket comparison). At least two operands. */
export interface Or extends NodeBase {
  readonly kind: 'Or';
  readonly operands: readonly Expr[];
}

/**
 * `a AND b c` (also `&&`, and `and` next to a bracket comparison). At least two operands.
 * `explicit[i]` tells whether an operator was written between `operands[i]` and
 * `operands[i + 1]` (false: implicit AND by adjacency).
 */
export interface And extends NodeBase {
  readonly kind: 'And';
  readonly operands: readonly Expr[];
  readonly explicit: readonly boolean[];
}

/** `NOT a`, `!a`, `not [F] eq 1` (operator 'NOT') or the prohibit prefix `-a` (operator '-'). */
export interface Not extends NodeBase {
  readonly kind: 'Not';
  readonly operator: 'NOT' | '-';
  readonly operand: Expr;
}

/** The required prefix `+a`. */
export interface RequiredClause extends NodeBase {
  readonly kind: 'Required';
  readonly operand: Expr;
}

/** `( body )`. Kept in the tree: the checker and the printer care where parentheses were written. */
export interface Group extends NodeBase {
  readonly kind: 'Group';
  readonly body: Expr;
}

/** `field:value`; the value may be a group, `field:(a OR b)`, which scopes every term inside. */
export interface Field extends NodeBase {
  readonly kind: 'Field';
  readonly field: FieldName;
  readonly value: FieldValue;
}

/** `_exists_:field`: the field has a value. */
export interface Exists extends NodeBase {
  readonly kind: 'Exists';
  readonly field: FieldName;
}

export type ComparisonOperator =
  | 'eq'
  | 'ne'
  | 'gt'
  | 'lt'
  | 'ge'
  | 'le'
  | 'contains'
  | 'startswith'
  | 'endswith';

/** `[Field Name] op value`: a bracket comparison. */
export interface Comparison extends NodeBase {
  readonly kind: 'Comparison';
  readonly field: FieldName;
  readonly operator: ComparisonOperator;
  readonly value: StringValue | NumberValue;
}

/** A plain word without unescaped wildcards: `Smith`, `2020-01-01`, `New\ York`. */
export interface Term extends NodeBase {
  readonly kind: 'Term';
  readonly raw: string;
  readonly value: string;
}

/**
 * A word with at least one unescaped `*` or `?`: `Jo*`, `*@example.com`.
 * `pattern` uses Lucene's wildcard syntax: `*` and `?` are wildcards, a literal
 * `*`, `?` or `\` is written with a backslash before it; every other character is literal.
 */
export interface Wildcard extends NodeBase {
  readonly kind: 'Wildcard';
  readonly raw: string;
  readonly pattern: string;
}

/** `"two words"`. */
export interface Phrase extends NodeBase {
  readonly kind: 'Phrase';
  readonly raw: string;
  readonly value: string;
}

/** `/regex/`. `pattern` is the text between the slashes as written (an escaped `\/` stays escaped). */
export interface Regex extends NodeBase {
  readonly kind: 'Regex';
  readonly raw: string;
  readonly pattern: string;
}

/** `[a TO b]`, `{a TO b}`, `[a TO b}`, with `*` for an open end. */
export interface ValueRange extends NodeBase {
  readonly kind: 'Range';
  readonly lower: RangeBound;
  readonly upper: RangeBound;
  readonly lowerInclusive: boolean;
  readonly upperInclusive: boolean;
}

/** One end of a range. `value` is null for the open end `*` (a quoted `"*"` is the literal star). */
export interface RangeBound extends NodeBase {
  readonly kind: 'RangeBound';
  readonly raw: string;
  readonly value: string | null;
}

export type RelationOperator = '>' | '>=' | '<' | '<=';

/** `field:>x`, `field:>=x`, `field:<x`, `field:<=x`: a half-open range. */
export interface Relation extends NodeBase {
  readonly kind: 'Relation';
  readonly operator: RelationOperator;
  readonly value: Term | Phrase;
}

/** `term~` or `term~2`: fuzzy match. `distance` is null when no number was written. */
export interface Fuzzy extends NodeBase {
  readonly kind: 'Fuzzy';
  readonly operand: Term;
  readonly distance: number | null;
}

/** The largest slop: Lucene reads a larger one as this (Java's Integer.MAX_VALUE), and so does `parse`. */
export const MAX_SLOP = 2147483647;

/** `"a b"~3`: proximity (slop). `distance` is null when no number was written; never more than `MAX_SLOP`. */
export interface Proximity extends NodeBase {
  readonly kind: 'Proximity';
  readonly operand: Phrase;
  readonly distance: number | null;
}

/** `clause^2`. */
export interface Boost extends NodeBase {
  readonly kind: 'Boost';
  readonly operand: Expr;
  readonly value: number;
}

/** `*` or `*:*`: every record. */
export interface MatchAll extends NodeBase {
  readonly kind: 'MatchAll';
}

/**
 * A field name, in `field:value`, `_exists_:field` or `[Field Name]`. The span always
 * covers the name as written (brackets or quotes included); `raw` is the text between
 * the brackets for a bracket name (`First Name` for `[First Name]`), and the token as
 * written otherwise (`First\ Name`, or `"First Name"` after `_exists_:`).
 */
export interface FieldName extends NodeBase {
  readonly kind: 'FieldName';
  readonly raw: string;
  readonly value: string;
}

/** A double-quoted comparison value. */
export interface StringValue extends NodeBase {
  readonly kind: 'StringValue';
  readonly raw: string;
  readonly value: string;
}

/** A bare-number comparison value. */
export interface NumberValue extends NodeBase {
  readonly kind: 'NumberValue';
  readonly raw: string;
  readonly value: number;
}

/** A hole left by error recovery where a clause or value was expected but missing. */
export interface ErrorNode extends NodeBase {
  readonly kind: 'Error';
}

/** Every clause that can stand in a boolean expression. */
export type Expr =
  | Or
  | And
  | Not
  | RequiredClause
  | Group
  | Field
  | Exists
  | Comparison
  | Term
  | Wildcard
  | Phrase
  | Regex
  | ValueRange
  | Fuzzy
  | Proximity
  | Boost
  | MatchAll
  | ErrorNode;

/** What may follow `field:`. */
export type FieldValue =
  | Term
  | Wildcard
  | Phrase
  | Regex
  | ValueRange
  | Relation
  | Fuzzy
  | Proximity
  | Group
  | ErrorNode;

/** Any node of the tree. */
export type QueryNode =
  | Query
  | Expr
  | Relation
  | RangeBound
  | FieldName
  | StringValue
  | NumberValue;

export type NodeKind = QueryNode['kind'];

/** The node type of a given kind: `NodeOfKind<'Term'>` is `Term`. */
export type NodeOfKind<K extends NodeKind> = Extract<QueryNode, { readonly kind: K }>;

/**
 * @deprecated Renamed {@link QueryNode} (`Node` shadows the DOM's `Node`); this alias goes
 * in the next release.
 */
export type Node = QueryNode;

/**
 * @deprecated Renamed {@link ValueRange} (`Range` shadows the DOM's `Range`); this alias goes
 * in the next release.
 */
export type Range = ValueRange;

/**
 * @deprecated Renamed {@link RequiredClause} (`Required` shadows TypeScript's `Required<T>`);
 * this alias goes in the next release.
 */
export type Required = RequiredClause;

export const COMPARISON_OPERATORS: readonly ComparisonOperator[] = [
  'eq',
  'ne',
  'gt',
  'lt',
  'ge',
  'le',
  'contains',
  'startswith',
  'endswith',
];
