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
import { check, toCodeMirrorDiagnostic, type Fix } from 'mdq';
import { configOf } from './options.js';

/**
 * The name a fix goes by in an editor: its title; for a typo's correction the question
 * "Did you mean ...?" when the title names what is meant (`Use "City"`); for any other fix
 * that is not safe, a warning that it changes the meaning.
 */
export function fixLabel(fix: Fix): string {
  if (fix.kind === 'typo') {
    const meant = /^(?:Use|Replace with) (.+)$/.exec(fix.title);
    return meant === null ? fix.title : `Did you mean ${meant[1]}?`;
  }
  return fix.safe === true ? fix.title : `${fix.title} (changes meaning)`;
}

/** True when an editor marks the fix as one that changes the query's meaning (class `cm-mdq-unsafe-fix`). */
export function warnsOfMeaning(fix: Fix): boolean {
  return fix.safe !== true && fix.kind !== 'typo';
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
