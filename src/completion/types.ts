/**
 * The completion engine's public shapes. Everything is plain data: editors map it to
 * their own types through the adapters (adapters/lsp.ts, adapters/monaco.ts) or directly.
 */
import type { SchemaInput } from '../schema/schema.js';

export type CompletionItemKind = 'field' | 'operator' | 'value' | 'keyword' | 'snippet';

export interface CompletionItem {
  /** What the list shows (a field's name, a picklist code, `AND`). */
  readonly label: string;
  readonly kind: CompletionItemKind;
  /** The text that replaces `from`..`to` of the result. */
  readonly insert: string;
  /** Where the caret goes, as an offset into `insert`, when not at its end (inside `()`). */
  readonly cursor?: number;
  /**
   * The same text as an LSP/Monaco snippet with placeholders (`[${1:0} TO ${2:100}]`),
   * for editors that support them; `insert` holds the plain text with the defaults.
   */
  readonly snippet?: string;
  /** One line: a field's type, a picklist code's description, an operator's meaning. */
  readonly detail?: string;
  /** Markdown: a field's description, allowed values and bounds. */
  readonly documentation?: string;
  /** Sorts the items in the order given (best first): zero-padded ranks. */
  readonly sortText: string;
  /** A field the schema marks inactive (listed last). */
  readonly inactive?: true;
  /** A field the schema marks as personal data. */
  readonly pii?: true;
  /** The schemas that define the field, when several schemas are searched. */
  readonly schemas?: readonly string[];
}

/** Where a value is written, which decides how it must be spelled. */
export type ValueStyle =
  /** `field:value`, and each value of `field:(a OR b)` */
  | 'term'
  /** `[Field] op value`: strings quoted, numbers bare */
  | 'comparison'
  /** inside quotes already written (`[Status] eq "A|"`, `city:"New Y|"`) */
  | 'quoted'
  /** `field:>value` */
  | 'relation'
  /** a bound of `field:[a TO b]` */
  | 'range-lower'
  | 'range-upper';

/** What the cursor stands at, as the engine read it (for editors, value providers and tests). */
export type CompletionContextKind =
  /** a new clause starts here (empty query, after `(`, `AND`, `NOT`, ...) */
  | 'clause'
  /** after a complete clause: `AND`, `OR`, `NOT`, or a next clause */
  | 'after-clause'
  /** inside a field name (`[Fir|`, `Cit|:Berlin`, after `_exists_:`) */
  | 'field-name'
  /** after `[Field Name] ` */
  | 'operator'
  | 'value'
  /** after a range's lower bound: `TO` */
  | 'range-to'
  /** after a range's upper bound: `]` or `}` */
  | 'range-end'
  /** inside an unterminated phrase: only its closing quote */
  | 'phrase'
  /** nowhere anything fits (inside a regex, a closed phrase, after `~` or `^`) */
  | 'none';

export interface CompletionContext {
  readonly kind: CompletionContextKind;
  /** The text typed so far from `from` to the cursor, unescaped (`Customer S` for `Customer\ S`). */
  readonly prefix: string;
  /** The field whose operators or values are completed (for values also inside `field:(...)`). */
  readonly field?: string;
  /** How a value must be written here (value contexts). */
  readonly valueStyle?: ValueStyle;
}

export interface CompletionResult {
  /** The span the chosen item replaces (`from <= offset <= to`). */
  readonly from: number;
  readonly to: number;
  /** Best first. */
  readonly items: readonly CompletionItem[];
  readonly context: CompletionContext;
}

/** A value from a value provider (a service lookup, recent values). */
export interface ValueSuggestion {
  /** The value itself, unescaped: the engine writes it with the quotes and escapes the place needs. */
  readonly value: string;
  /** Shown instead of the value (defaults to it). */
  readonly label?: string;
  readonly detail?: string;
  readonly documentation?: string;
}

/** Values beyond what the schema knows; may be async. Adapters debounce it and abort stale calls through `signal`. */
export type ValueProvider = (
  field: string,
  prefix: string,
  signal: AbortSignal,
) => readonly ValueSuggestion[] | Promise<readonly ValueSuggestion[]>;

export interface CompletionOptions {
  /** One Get Schema response, several (a search across a business area), or a `SchemaIndex`. */
  readonly schema?: SchemaInput;
  /** The most items a ranked list returns (a typed prefix); default 100. The full field list at an empty prefix is returned whole. */
  readonly maxItems?: number;
  /** Today, for date templates; default the current date. */
  readonly today?: Date;
  /** An optional value provider; `complete` never calls it (it is synchronous), `completeWithValues` does. */
  readonly values?: ValueProvider;
}

export interface HoverOptions {
  readonly schema?: SchemaInput;
}

export interface Hover {
  readonly from: number;
  readonly to: number;
  /** Markdown. */
  readonly contents: string;
  /** What was hovered. */
  readonly kind: 'field' | 'operator' | 'value' | 'keyword' | 'text';
}

export type SemanticTokenClass =
  | 'field'
  | 'operator'
  | 'keyword'
  | 'string'
  | 'number'
  | 'date'
  | 'wildcard'
  | 'regex'
  | 'escape'
  | 'error'
  | 'punctuation'
  | 'text';

export interface SemanticToken {
  readonly start: number;
  readonly end: number;
  readonly class: SemanticTokenClass;
}
