/**
 * What the editor asks of mdq's language services: the completion engine's
 * `complete`, `hover` and `highlight` (from the package root), behind one
 * interface so tests and other engines can stand in for them.
 */
import type { CompletionOptions, CompletionResult, Hover, HoverOptions, SemanticToken } from 'mdq';

export interface QueryServices {
  complete(text: string, offset: number, options: CompletionOptions): CompletionResult;
  hover(text: string, offset: number, options: HoverOptions): Hover | null;
  highlight(text: string): readonly SemanticToken[];
}
