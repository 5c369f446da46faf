/**
 * Values beyond what the schema knows, from a provider the editor supplies (a service
 * lookup, recent values). The core stays synchronous: `complete` never calls the
 * provider; `mergeValueSuggestions` folds its answer into a result, and
 * `completeWithValues` does both. `debounceValues` wraps a provider so that only the
 * last of a burst of calls reaches it, and a superseded call is aborted.
 */
import { complete } from './complete.js';
import { rankText } from './catalog.js';
import { writeCompletionValue } from './providers/values.js';
import type {
  CompletionItem,
  CompletionOptions,
  CompletionResult,
  ValueProvider,
  ValueSuggestion,
} from './types.js';

/** True when the result completes values of a field, so a value provider may add to it. */
export function wantsValues(result: CompletionResult): boolean {
  const { context } = result;
  return (
    context.field !== undefined &&
    context.valueStyle !== undefined &&
    (context.kind === 'value' ||
      context.kind === 'clause' ||
      (context.kind === 'after-clause' && context.prefix !== ''))
  );
}

/**
 * The result with the provider's suggestions added after the schema's own values,
 * each written the way the place needs it (quoted in a comparison, escaped as a bare
 * word); a value already listed is not repeated. Other results are returned as they are.
 */
export function mergeValueSuggestions(
  result: CompletionResult,
  suggestions: readonly ValueSuggestion[],
): CompletionResult {
  if (!wantsValues(result) || suggestions.length === 0) return result;
  const style = result.context.valueStyle!;
  const seen = new Set(result.items.filter((i) => i.kind === 'value').map((i) => i.insert));
  const added: CompletionItem[] = [];
  for (const s of suggestions) {
    if (typeof s !== 'object' || s === null || typeof s.value !== 'string' || s.value === '')
      continue;
    const insert = writeCompletionValue(s.value, style, /^[+-]?\d+(?:\.\d+)?$/.test(s.value));
    if (seen.has(insert)) continue;
    seen.add(insert);
    added.push({
      label: typeof s.label === 'string' && s.label !== '' ? s.label : s.value,
      kind: 'value',
      insert,
      ...(typeof s.detail === 'string' ? { detail: s.detail } : {}),
      ...(typeof s.documentation === 'string' ? { documentation: s.documentation } : {}),
      sortText: '',
    });
  }
  if (added.length === 0) return result;
  // Schema values first, then the provider's, then templates and keywords.
  const values = result.items.filter((i) => i.kind === 'value');
  const rest = result.items.filter((i) => i.kind !== 'value');
  const items = [...values, ...added, ...rest].map((item, rank) => ({
    ...item,
    sortText: rankText(rank),
  }));
  return { ...result, items };
}

/**
 * `complete`, then the value provider of `options.values` where values fit; resolves
 * to the merged result. A provider that throws or rejects leaves the schema's items
 * (an aborted call rejects with the abort reason).
 */
export async function completeWithValues(
  text: string,
  offset: number,
  options: CompletionOptions,
  signal?: AbortSignal,
): Promise<CompletionResult> {
  const result = complete(text, offset, options);
  const provider = options.values;
  if (provider === undefined || !wantsValues(result)) return result;
  const controller = signal ?? new AbortController().signal;
  let suggestions: readonly ValueSuggestion[];
  try {
    suggestions = await provider(result.context.field!, result.context.prefix, controller);
  } catch (error) {
    if (controller.aborted) throw controller.reason ?? error;
    return result;
  }
  if (controller.aborted) throw controller.reason;
  return mergeValueSuggestions(result, Array.isArray(suggestions) ? suggestions : []);
}

/** Why a debounced call was stopped when a newer one came in. */
const SUPERSEDED = /* @__PURE__ */ new DOMException('superseded by a newer request', 'AbortError');
const NO_VALUES: readonly ValueSuggestion[] = /* @__PURE__ */ Object.freeze([]);

/**
 * A provider that waits `wait` ms of quiet before asking `provider`. A newer call
 * supersedes the one before, whether it is still waiting or already asking: that one
 * resolves to no values at once (so nobody is left with an unhandled rejection), and
 * the signal its provider call got is aborted. When the caller's own signal aborts,
 * the call rejects with its reason.
 */
export function debounceValues(
  provider: ValueProvider,
  wait = 150,
): (field: string, prefix: string, signal: AbortSignal) => Promise<readonly ValueSuggestion[]> {
  let current: AbortController | undefined;
  return (field, prefix, signal) => {
    current?.abort(SUPERSEDED);
    const controller = new AbortController();
    current = controller;
    const follow = () => controller.abort(signal.reason);
    if (signal.aborted) follow();
    else signal.addEventListener('abort', follow, { once: true });
    const answer = new Promise<readonly ValueSuggestion[]>((resolve, reject) => {
      const settleAborted = () =>
        controller.signal.reason === SUPERSEDED
          ? resolve(NO_VALUES)
          : reject(controller.signal.reason);
      const stop = () => {
        clearTimeout(timer);
        settleAborted();
      };
      const timer = setTimeout(() => {
        Promise.resolve()
          .then(() => provider(field, prefix, controller.signal))
          .then(
            (values) => (controller.signal.aborted ? settleAborted() : resolve(values)),
            (error: unknown) => (controller.signal.aborted ? settleAborted() : reject(error)),
          );
      }, wait);
      if (controller.signal.aborted) stop();
      else controller.signal.addEventListener('abort', stop, { once: true });
    });
    return answer.finally(() => {
      if (current === controller) current = undefined;
      signal.removeEventListener('abort', follow);
    });
  };
}
