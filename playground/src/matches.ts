/** Where a hit matched the query, from mdq's evaluator, for marking in the results table. */
import { compile, type SchemaResponse } from 'mdq';
import type { CellMarks } from './results.js';
import type { Hit } from './service.js';

export function matchedSpans(
  query: string,
  schema: readonly SchemaResponse[],
): (hit: Hit) => readonly CellMarks[] {
  let matcher: ReturnType<typeof compile>;
  try {
    matcher = compile(query, schema.length > 0 ? { schema } : {});
  } catch {
    return () => []; // a query the evaluator refuses still shows its results, unmarked
  }
  return (hit) => matcher.highlight(hit as never);
}
