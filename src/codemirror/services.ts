/**
 * What the editor asks of mdq's language services: the completion engine's
 * `complete`, `hover` and `highlight` (from the package root), behind one
 * interface so tests and other engines can stand in for them.
 */
import type {
  CompletionOptions,
  CompletionResult,
  Hover,
  HoverOptions,
  SemanticToken,
} from 'mdq/completion';

export interface QueryServices {
  complete(text: string, offset: number, options: CompletionOptions): CompletionResult;
  hover(text: string, offset: number, options: HoverOptions): Hover | null;
  /**
   * Tokens of one segment of the query (`highlightSegments`): the editor highlights the
   * segments it shows one by one, and marks the glue between two (`AND`, `OR`, the
   * parentheses and field name of a group cut inside) itself (`highlightGlue`).
   */
  highlight(text: string): readonly SemanticToken[];
}
