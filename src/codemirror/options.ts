/** The options of the `mdq()` extension, and the resolved configuration its parts read from the editor state. */
import { Facet, type EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { FormatOptions, Level, Rule, SchemaInput } from 'mdq';
import type { ValueProvider } from 'mdq/completion';
import type { QueryServices } from './services.js';

export interface MdqEditorOptions {
  /** The Get Schema response(s) the query runs against (or a loaded `SchemaIndex`). Without one, only syntax and shape are checked. */
  readonly schema?: SchemaInput;
  /** `multi-line` (default): Enter inserts a newline. `single-line`: a search box; Enter submits, pasted newlines become spaces. */
  readonly mode?: 'single-line' | 'multi-line';
  /** Called with the query on Enter in single-line mode, and on Mod-Enter in both modes. */
  readonly onSubmit?: (query: string, view: EditorView) => void;
  /**
   * Values beyond what the schema knows (a lookup on the service, recent values), for
   * the field whose value is typed: called after a pause in typing, aborted through its
   * signal as soon as the user types on.
   */
  readonly values?: ValueProvider;
  /** Milliseconds of quiet before `values` is called. Default 200. */
  readonly valuesDelay?: number;
  /** Milliseconds of quiet before the query is checked. Default 150 (CodeMirror's own default is 750). */
  readonly lintDelay?: number;
  /** Checker levels per code, as for `check`. */
  readonly severities?: Readonly<Record<string, Level>>;
  /** Checker rules, as for `check` (keep the array in a constant). */
  readonly rules?: readonly Rule[];
  /** The key that formats the query. Default `Shift-Alt-f`; `null` for none. */
  readonly formatKey?: string | null;
  /**
   * The key that shows the hover of the token at the cursor (Escape closes it). Default
   * `Mod-k Mod-i` (Ctrl-K then Ctrl-I; Cmd on a Mac), VS Code's "Show Hover"; `null` for none.
   */
  readonly hoverKey?: string | null;
  /** Printer options for the format command; the layout defaults to one line in single-line mode and `multiline` otherwise. */
  readonly format?: Omit<FormatOptions, 'parse'>;
  /** Language services; mdq's own by default. */
  readonly services?: QueryServices;
}

export interface MdqConfig {
  readonly schema: SchemaInput | undefined;
  readonly singleLine: boolean;
  readonly onSubmit: ((query: string, view: EditorView) => void) | undefined;
  readonly values: ValueProvider | undefined;
  readonly valuesDelay: number;
  readonly lintDelay: number;
  readonly severities: Readonly<Record<string, Level>> | undefined;
  readonly rules: readonly Rule[] | undefined;
  readonly formatKey: string | null;
  readonly hoverKey: string | null;
  readonly format: Omit<FormatOptions, 'parse'>;
  readonly services: QueryServices;
}

export function resolveOptions(options: MdqEditorOptions, services: QueryServices): MdqConfig {
  const singleLine = options.mode === 'single-line';
  return {
    schema: options.schema,
    singleLine,
    onSubmit: options.onSubmit,
    values: options.values,
    valuesDelay: options.valuesDelay ?? 200,
    lintDelay: options.lintDelay ?? 150,
    severities: options.severities,
    rules: options.rules,
    formatKey: options.formatKey === undefined ? 'Shift-Alt-f' : options.formatKey,
    hoverKey: options.hoverKey === undefined ? 'Mod-k Mod-i' : options.hoverKey,
    format: { layout: singleLine ? 'flat' : 'multiline', ...options.format },
    services,
  };
}

/** The configuration in effect: the last `mdq()` extension wins. */
export const mdqConfig = Facet.define<MdqConfig, MdqConfig | undefined>({
  combine: (values) => values[values.length - 1],
});

/** The configuration of `state`, or a clear error when the extension is missing. */
export function configOf(state: EditorState): MdqConfig {
  const config = state.facet(mdqConfig);
  if (config === undefined) throw new Error('the mdq() extension is not installed in this editor');
  return config;
}
