/**
 * `/regex/` clauses: Lucene's RegExp syntax, checked and turned into a token test.
 * Placeholder until the translation lands: every regex is reported and matches nothing.
 */
import type { Regex } from '../language/ast.js';
import { report, type CompileContext } from './matchers.js';

export function regexMatcher(node: Regex, context: CompileContext): ((token: string) => boolean) | null {
  report(context, node, 'unsupported-regex', 'regular expressions are not evaluated yet; this clause matches nothing');
  return null;
}
