/** Errors thrown by the throwing variants of the API (`parseOrThrow`, `format` of text). */
import type { Diagnostic } from './diagnostic.js';
import { formatPosition } from './position.js';

/** A query with syntax errors. `diagnostics` holds every one of them, not just the first. */
export class QuerySyntaxError extends Error {
  override readonly name = 'QuerySyntaxError';
  readonly diagnostics: readonly Diagnostic[];
  readonly query: string;

  constructor(query: string, diagnostics: readonly Diagnostic[]) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const lines = errors
      .slice(0, 5)
      .map((d) => `  ${formatPosition(query, d.span.start)} ${d.code}: ${d.message}`);
    if (errors.length > 5) lines.push(`  ... and ${errors.length - 5} more`);
    super(
      `the query has ${errors.length} syntax error${errors.length === 1 ? '' : 's'}:\n${lines.join('\n')}`,
    );
    this.diagnostics = diagnostics;
    this.query = query;
  }
}
