/**
 * The completion source over mdq's engine. The engine is synchronous, schema-driven
 * and ranks fuzzily itself (prefix, word starts, substrings, typos), so its list is
 * shown as given (`filter: false`) and the source runs again on every keystroke:
 * CodeMirror's own filter would drop the typo matches (`Frist` for `First Name`),
 * and `validFor` only works with that filter. The value provider's slow answers are
 * the ones worth reusing while typing on; see values.ts.
 */
import {
  startCompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import type { EditorState, Text } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { renderMarkdown } from './markdown.js';
import { configOf, type MdqConfig } from './options.js';
import type {
  CompletionItem,
  CompletionItemKind,
  CompletionResult as EngineResult,
} from 'mdq/completion';

/** CodeMirror's completion types (they pick the icon) for each kind of item. */
const COMPLETION_TYPES: { readonly [K in CompletionItemKind]: string } = {
  field: 'property',
  operator: 'keyword',
  keyword: 'keyword',
  value: 'constant',
  snippet: 'text',
};

/** After these, what comes next (an operator, a value) is worth offering at once. */
const CONTINUES: ReadonlySet<CompletionItemKind> = new Set(['field', 'operator']);

export function toCompletion(item: CompletionItem): Completion {
  const documentation = item.documentation;
  return {
    label: item.label,
    type: COMPLETION_TYPES[item.kind] ?? 'text',
    ...(item.detail === undefined && item.inactive === undefined
      ? {}
      : {
          detail: [item.detail, item.inactive ? '(inactive)' : undefined].filter(Boolean).join(' '),
        }),
    ...(documentation === undefined || documentation === ''
      ? {}
      : { info: () => renderMarkdown(document, documentation) }),
    apply(view: EditorView, _completion: Completion, from: number, to: number) {
      const cursor =
        from + Math.max(0, Math.min(item.cursor ?? item.insert.length, item.insert.length));
      view.dispatch({
        changes: { from, to, insert: item.insert },
        selection: { anchor: cursor },
        userEvent: 'input.complete',
        scrollIntoView: true,
      });
      if (CONTINUES.has(item.kind)) startCompletion(view);
    },
  };
}

/** The last answer of the engine, by document, offset and configuration: both completion sources ask for it on a keystroke. */
let last: { doc: Text; pos: number; config: MdqConfig; result: EngineResult } | undefined;

const NOTHING: EngineResult = { from: 0, to: 0, items: [], context: { kind: 'none', prefix: '' } };

/**
 * The engine's answer at `pos` (it reads the whole query; asked once per keystroke however
 * many sources want it). A schema the engine cannot read offers nothing rather than throw
 * on every keystroke: the lint marks say what is wrong with it.
 */
export function engineResult(state: EditorState, pos: number): EngineResult {
  const config = configOf(state);
  if (last !== undefined && last.doc === state.doc && last.pos === pos && last.config === config)
    return last.result;
  let result: EngineResult;
  try {
    result = config.services.complete(state.doc.toString(), pos, { schema: config.schema });
  } catch {
    result = NOTHING;
  }
  last = { doc: state.doc, pos, config, result };
  return result;
}

/** Completions from the engine at the cursor: `from`/`to` are the engine's replace range. */
export function engineCompletions(context: CompletionContext): CompletionResult | null {
  const text = context.state.doc;
  const result = engineResult(context.state, context.pos);
  if (result.items.length === 0) return null;
  const from = Math.max(0, Math.min(result.from, context.pos));
  const to = Math.min(text.length, Math.max(result.to, context.pos));
  return { from, to, filter: false, options: result.items.map(toCompletion) };
}
