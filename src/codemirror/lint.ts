/** The checker as a `@codemirror/lint` source: every diagnostic, with its fixes as actions. */
import type { Diagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';
import { check, toCodeMirrorDiagnostics } from 'mdq';
import { configOf } from './options.js';

/** The diagnostics of the query in `state`. A schema that cannot be read is reported, never thrown. */
export function queryDiagnostics(state: EditorState): Diagnostic[] {
  const config = configOf(state);
  const text = state.doc.toString();
  try {
    const diagnostics = check(text, {
      ...(config.schema === undefined ? {} : { schema: config.schema }),
      ...(config.rules === undefined ? {} : { rules: config.rules }),
      ...(config.severities === undefined ? {} : { severities: config.severities }),
    });
    return toCodeMirrorDiagnostics(diagnostics) as Diagnostic[];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [{ from: 0, to: text.length, severity: 'error', source: 'mdq', message: `the query could not be checked: ${message}` }];
  }
}
