/**
 * Queries as the client takes them (text, a parsed tree, a builder result) and the
 * local check before sending: the project's checker, run on the very text that will
 * be sent, against the Get Schema responses of the search's scope.
 */
import { check, format } from '../index.js';
import type { Query } from '../language/ast.js';
import type { Diagnostic } from '../language/diagnostic.js';
import type { Schema } from './types.js';

/** `off`: send as is; `warn`: check, log and return the diagnostics, send anyway; `error`: a query with errors is never sent. */
export type CheckMode = 'off' | 'warn' | 'error';

/** Text, a tree (`parse(text).ast` or one built in code), or a builder result (`query(...)`). */
export type SearchInput = string | Query | { readonly text: string; readonly ast: Query };

/**
 * @deprecated Renamed {@link SearchInput} (`mdq` had another `QueryInput`, now
 * `CompileInput`); this alias goes in the next release.
 */
export type QueryInput = SearchInput;

export const CHECK_MODES: readonly CheckMode[] = ['off', 'warn', 'error'];

/** The text to send for a query input. A tree is printed canonically (a tree that cannot be printed throws `FormatError`). */
export function queryText(input: QueryInput): string {
  if (typeof input === 'string') return input;
  if (input !== null && typeof input === 'object') {
    if ('text' in input && typeof input.text === 'string') return input.text;
    if ('kind' in input && input.kind === 'Query') return format(input);
  }
  throw new TypeError('a query is text, a parsed tree or a builder result');
}

/** Every diagnostic of the text, against the schemas when given (syntax and shape only otherwise). */
export function checkText(text: string, schemas: readonly Schema[] | undefined): Diagnostic[] {
  return check(text, schemas === undefined || schemas.length === 0 ? {} : { schema: schemas });
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Diagnostics a message describes; the rest are counted (the error's `diagnostics` holds them all). */
export const MAX_DESCRIBED = 5;

/**
 * The diagnostics for an error message or a log line: `7: error unclosed-paren: missing ')' ...`,
 * the first `MAX_DESCRIBED` of them, then how many more: the checker reports up to a hundred,
 * and a message naming them all was one line of kilobytes.
 */
export function describeDiagnostics(diagnostics: readonly Diagnostic[]): string {
  const described = diagnostics
    .slice(0, MAX_DESCRIBED)
    .map((d) => `${d.span.start}: ${d.severity} ${d.code}: ${d.message}`);
  if (diagnostics.length > MAX_DESCRIBED)
    described.push(`and ${diagnostics.length - MAX_DESCRIBED} more`);
  return described.join('; ');
}
