/**
 * The value provider as a completion source: where the cursor is in a value
 * (`City:Ber|`, `[Status] eq "A|`), it waits for a pause in typing, then asks the
 * provider, and aborts both the wait and the request as soon as the document
 * changes. Its answer comes with `validFor`, so typing on within the same value
 * filters that answer in place instead of asking again.
 */
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { escapeTerm, parse, pathAt, quote, type Node } from '../index.js';
import { configOf, type ValueProvider } from './options.js';

export interface ValueContext {
  /** The field whose value is being typed. */
  readonly field: string;
  /** Where the value starts (its opening quote included). */
  readonly from: number;
  /** The value typed so far, without quotes. */
  readonly prefix: string;
  /** How a value is written here: a bare word or a phrase after `field:`, a quoted string after a comparison. */
  readonly style: 'field' | 'comparison';
}

const COMPARISON_TAIL = /\[((?:[^\]\\]|\\.)+)\]\s+(?:eq|ne|gt|lt|ge|le|contains|startswith|endswith)\s+$/i;

function unquote(text: string): string {
  return text.startsWith('"') ? text.slice(1).replace(/"$/, '').replace(/\\(.)/g, '$1') : text.replace(/\\(.)/g, '$1');
}

/** The value at `offset`, if the cursor is in one, or `undefined`. */
export function valueContextAt(text: string, offset: number): ValueContext | undefined {
  const path: readonly Node[] = pathAt(parse(text).ast, offset);
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i]!;
    if (node.kind === 'Comparison' && node.value.span.start <= offset) {
      const from = node.value.span.start;
      return { field: node.field.value, from, prefix: unquote(text.slice(from, offset)), style: 'comparison' };
    }
    if (node.kind === 'Field') {
      const leaf = path[i + 1];
      if (leaf === undefined || leaf.span.start > offset) return undefined;
      if (leaf.kind === 'Error') return { field: node.field.value, from: offset, prefix: '', style: 'field' };
      if (leaf.kind === 'Term' || leaf.kind === 'Phrase' || leaf.kind === 'Wildcard') {
        return { field: node.field.value, from: leaf.span.start, prefix: unquote(text.slice(leaf.span.start, offset)), style: 'field' };
      }
      return undefined;
    }
  }
  // `[Status] eq ` with nothing after the operator yet: the tree has no comparison to stand in.
  const tail = COMPARISON_TAIL.exec(text.slice(0, offset));
  if (tail !== null) return { field: tail[1]!.replace(/\\(.)/g, '$1'), from: offset, prefix: '', style: 'comparison' };
  return undefined;
}

/** A value as it is written in its place. */
export function writeValue(value: string, style: ValueContext['style']): string {
  if (style === 'comparison') return /^-?\d+(\.\d+)?$/.test(value) ? value : quote(value);
  return value === '' || /\s/.test(value) ? quote(value) : escapeTerm(value);
}

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
const SAME_VALUE = /^(?:"(?:[^"\\]|\\.)*"?|[^\s"():[\]{}]*)$/;

/**
 * Waits `delay` ms of quiet, then asks `provider`; null when `signal` aborts first
 * (the user typed on) or the lookup fails. The provider gets the same signal.
 */
export async function lookUpValues(at: ValueContext, provider: ValueProvider, delay: number, signal: AbortSignal): Promise<CompletionResult | null> {
  if (!(await pause(delay, signal))) return null;
  let values: readonly string[];
  try {
    values = await provider(at.field, at.prefix, signal);
  } catch {
    return null; // a failed lookup offers nothing; the engine's items still show
  }
  if (signal.aborted || !Array.isArray(values)) return null;
  const options = values
    .filter((v): v is string => typeof v === 'string')
    .map((value) => ({ label: writeValue(value, at.style), displayLabel: value, type: 'constant', detail: 'value' }));
  return options.length === 0 ? null : { from: at.from, options, validFor: SAME_VALUE };
}

/** The completion source: in a value, the provider's values, aborted on any document change. */
export function providedValues(context: CompletionContext): Promise<CompletionResult | null> | null {
  const config = configOf(context.state);
  if (config.values === undefined) return null;
  const at = valueContextAt(context.state.doc.toString(), context.pos);
  if (at === undefined) return null;
  const controller = new AbortController();
  context.addEventListener('abort', () => controller.abort(), { onDocChange: true });
  return lookUpValues(at, config.values, config.valuesDelay, controller.signal);
}
