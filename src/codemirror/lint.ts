/**
 * The checker as a `@codemirror/lint` source: every diagnostic, with its fixes as
 * actions. A fix that is not safe (`Fix.safe`: it may change what the query means, a
 * guess a person should pick) says so in its name, and its button gets the class
 * `cm-mdq-unsafe-fix`; safe fixes keep their plain title. (The LSP adapter says the
 * same by marking the first safe fix `isPreferred`.)
 */
import type { Diagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';
import { check, toCodeMirrorDiagnostic, type Fix } from 'mdq';
import { configOf } from './options.js';

/** The name a fix goes by in an editor: its title, and for a fix that is not safe, a warning that it changes the meaning. */
export function fixLabel(fix: Fix): string {
  return fix.safe === true ? fix.title : `${fix.title} (changes meaning)`;
}

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
            ...(fix.safe === true ? {} : { markClass: 'cm-mdq-unsafe-fix' }),
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
