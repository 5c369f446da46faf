/**
 * The checker as a `@codemirror/lint` source: every diagnostic, with its fixes as
 * actions. A fix that is not safe (`Fix.safe`: it may change what the query means, a
 * guess a person should pick) says so in its name, and its button gets the class
 * `cm-mdq-unsafe-fix`; safe fixes keep their plain title. A misspelt name's correction
 * (`Fix.kind` `typo`) is worded as the question it is, `Did you mean "City"?`, never as
 * alarming. (The LSP adapter marks the first safe fix `isPreferred` instead.)
 */
import type { Diagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';
import { check, fixLabel, toCodeMirrorDiagnostic, warnsOfMeaning } from 'mdq';
import { configOf } from './options.js';

// One wording in every editor (the LSP server's code actions too): the core's.
export { fixLabel, warnsOfMeaning } from 'mdq';

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
    return diagnostics.map((d) => {
      const converted = toCodeMirrorDiagnostic(d);
      const fixes = d.fixes ?? [];
      return {
        ...converted,
        actions: converted.actions.map((action, i) => {
          const fix = fixes[i]!;
          return {
            ...action,
            name: fixLabel(fix),
            ...(warnsOfMeaning(fix) ? { markClass: 'cm-mdq-unsafe-fix' } : {}),
          };
        }),
      } as Diagnostic;
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [
      {
        from: 0,
        to: text.length,
        severity: 'error',
        source: 'mdq',
        message: `the query could not be checked: ${message}`,
      },
    ];
  }
}
