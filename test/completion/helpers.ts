/** Completion tests write the cursor into the query as `|`: `[Fir|` is the text `[Fir` with the cursor at 4. */
import { complete } from '../../src/completion/complete.js';
import type { CompletionOptions, CompletionResult } from '../../src/completion/types.js';
import { exampleSchemas } from '../../src/examples/index.js';

export const schema = exampleSchemas;
export const today = new Date('2026-11-22T10:00:00Z');

/** The text without its cursor marker, and the marker's offset. */
export function marked(query: string): { text: string; offset: number } {
  const offset = query.indexOf('|');
  if (offset < 0 || query.indexOf('|', offset + 1) >= 0)
    throw new Error(`mark the cursor with exactly one | in ${JSON.stringify(query)}`);
  return { text: query.slice(0, offset) + query.slice(offset + 1), offset };
}

export function completeAt(query: string, options: CompletionOptions = {}): CompletionResult {
  const { text, offset } = marked(query);
  return complete(text, offset, { schema, today, ...options });
}

/** The labels offered at the marked cursor, best first. */
export function labels(query: string, options: CompletionOptions = {}): string[] {
  return completeAt(query, options).items.map((i) => i.label);
}

/** The text after applying the item labelled `label` at the marked cursor. */
export function apply(query: string, label: string, options: CompletionOptions = {}): string {
  const { text } = marked(query);
  const result = completeAt(query, options);
  const item = result.items.find((i) => i.label === label);
  if (item === undefined)
    throw new Error(
      `no item ${label} at ${query}; got ${result.items.map((i) => i.label).join(', ')}`,
    );
  return text.slice(0, result.from) + item.insert + text.slice(result.to);
}

/** The replaced span of the marked query, as the text it covers. */
export function replaced(query: string): string {
  const { text } = marked(query);
  const result = completeAt(query);
  return text.slice(result.from, result.to);
}
