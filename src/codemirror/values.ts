/**
 * The value provider as a completion source. Where the engine says values fit
 * (`City:Ber|`, `[Status] eq "A|`), it waits for a pause in typing, then asks the
 * provider, and aborts both the wait and the request as soon as the document
 * changes. The engine writes each value the way its place needs (quoted, escaped).
 * The answer comes with `validFor`, so typing on within the same value filters it
 * in place instead of asking the provider again: this is the slow source, the one
 * where reuse pays.
 */
import type {
  Completion,
  CompletionContext,
  CompletionResult as CodeMirrorResult,
} from '@codemirror/autocomplete';
import {
  mergeValueSuggestions,
  wantsValues,
  type CompletionResult,
  type ValueProvider,
  type ValueSuggestion,
} from 'mdq/completion';
import { engineResult } from './completion.js';
import { configOf } from './options.js';

/** Resolves after `ms`, or to false at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => resolve(true), ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

/** Still the same value: a (maybe unclosed) phrase, or a word without the characters that end one. Anything else asks again. */
export const SAME_VALUE = /^(?:"(?:[^"\\]|\\.)*"?|[^\s"():[\]{}]*)$/;

/**
 * Waits `delay` ms, then asks `provider` for the values of the engine's value
 * context; null when `signal` aborts first (the user typed on), when the lookup
 * fails, or when it adds nothing the engine did not list already.
 */
export async function lookUpValues(
  result: CompletionResult,
  provider: ValueProvider,
  delay: number,
  signal: AbortSignal,
): Promise<CodeMirrorResult | null> {
  const { field, prefix } = result.context;
  if (field === undefined || !wantsValues(result)) return null;
  if (!(await pause(delay, signal))) return null;
  let suggestions: readonly ValueSuggestion[];
  try {
    suggestions = await provider(field, prefix, signal);
  } catch {
    return null; // a failed lookup offers nothing; the engine's items still show
  }
  if (signal.aborted || !Array.isArray(suggestions)) return null;
  const listed = new Set(result.items.map((item) => item.insert));
  const options: Completion[] = mergeValueSuggestions({ ...result, items: [] }, suggestions)
    .items.filter((item) => !listed.has(item.insert))
    // Matched against what is typed from `from`, so the label is the text as written; the value is shown.
    .map((item) => ({
      label: item.insert,
      displayLabel: item.label,
      detail: item.detail ?? 'value',
      type: 'constant',
    }));
  return options.length === 0
    ? null
    : { from: result.from, to: result.to, options, validFor: SAME_VALUE };
}

/** The completion source: in a value, the provider's values, aborted on any document change. */
export function providedValues(
  context: CompletionContext,
): Promise<CodeMirrorResult | null> | null {
  const config = configOf(context.state);
  if (config.values === undefined) return null;
  const result = engineResult(context.state, context.pos);
  if (!wantsValues(result)) return null;
  const controller = new AbortController();
  context.addEventListener('abort', () => controller.abort(), { onDocChange: true });
  return lookUpValues(result, config.values, config.valuesDelay, controller.signal);
}
