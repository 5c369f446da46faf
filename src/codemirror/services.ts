/**
 * What the editor asks of mdq's language services, typed as the completion
 * engine's contract (`complete`, `hover`, `highlight` from the package root), so
 * tests and other engines can stand in for them.
 */
import type { SchemaInput } from '../index.js';

export type CompletionKind = 'field' | 'operator' | 'value' | 'keyword' | 'snippet';

export interface ServiceCompletionItem {
  readonly label: string;
  readonly kind: CompletionKind;
  /** The text that replaces `from..to`. */
  readonly insert: string;
  /** Where the cursor goes, as an offset into `insert`; its end when absent. */
  readonly cursor?: number;
  readonly detail?: string;
  /** Markdown. */
  readonly documentation?: string;
  readonly sortText: string;
}

export interface ServiceCompletions {
  readonly from: number;
  readonly to: number;
  readonly items: readonly ServiceCompletionItem[];
}

export interface ServiceHover {
  readonly from: number;
  readonly to: number;
  /** Markdown. */
  readonly contents: string;
}

export interface ServiceToken {
  readonly start: number;
  readonly end: number;
  readonly class: string;
}

export interface QueryServices {
  complete(text: string, offset: number, options: { readonly schema?: SchemaInput }): ServiceCompletions;
  hover(text: string, offset: number, options: { readonly schema?: SchemaInput }): ServiceHover | null;
  highlight(text: string): readonly ServiceToken[];
}
