import type { Query } from './ast.js';
import { QuerySyntaxError } from './errors.js';
import { parse, type ParseOptions } from './parse.js';

/** Parses `text`, throwing one `QuerySyntaxError` that holds every syntax error. */
export function parseOrThrow(text: string, options?: ParseOptions): Query {
  const { ast, diagnostics } = parse(text, options);
  if (diagnostics.some((d) => d.severity === 'error'))
    throw new QuerySyntaxError(String(text), diagnostics);
  return ast;
}
