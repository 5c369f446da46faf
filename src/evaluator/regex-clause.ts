/**
 * `/regex/` clauses: the body read as Lucene's RegExp syntax and run by the automaton
 * in regex-vm.ts against each token (and the whole value). A body Lucene would reject is
 * an `invalid-regex` error; one that cannot be evaluated here is `unsupported-regex`;
 * either way the clause matches nothing, and the matcher says why.
 */
import type { Regex } from '../language/ast.js';
import { invalidRegexMessage, parseLuceneRegexp, RegexSyntaxError } from './lucene-regexp.js';
import { report, type CompileContext } from './matchers.js';
import { regexTreeMatcher, RegexUnsupported } from './regex-vm.js';

export function regexMatcher(
  node: Regex,
  context: CompileContext,
): ((token: string) => boolean) | null {
  try {
    return regexTreeMatcher(parseLuceneRegexp(node.pattern));
  } catch (error) {
    if (error instanceof RegexSyntaxError) {
      report(context, node, 'invalid-regex', invalidRegexMessage(error, node.pattern), 'error');
      return null;
    }
    if (error instanceof RegexUnsupported) {
      report(context, node, 'unsupported-regex', `${error.message}; this clause matches nothing`);
      return null;
    }
    throw error;
  }
}
