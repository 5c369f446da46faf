/**
 * The lint keys. `linter()` alone binds none, so `@codemirror/lint`'s own keymap
 * (Ctrl-Shift-M opens the problems panel, F8 moves to the next problem) did nothing
 * in an mdq editor; and the fixes in the lint tooltip are buttons the focus never
 * reaches (it stays in the editor). `quickFix` (Ctrl-. / Cmd-., VS Code's key)
 * applies the fix of the problem at the cursor when there is exactly one safe fix,
 * and otherwise opens the problems panel, whose fixes are keyboard-reachable (arrow
 * keys pick a problem, its fixes' underlined letters or Tab and Enter apply them).
 */
import { forEachDiagnostic, lintKeymap, openLintPanel, type Diagnostic } from '@codemirror/lint';
import type { Command, KeyBinding } from '@codemirror/view';

/** The diagnostics that touch the cursor, narrowest first. */
function diagnosticsAtCursor(view: Parameters<Command>[0]): Diagnostic[] {
  const head = view.state.selection.main.head;
  const found: Diagnostic[] = [];
  forEachDiagnostic(view.state, (d, from, to) => {
    if (from <= head && head <= to) found.push({ ...d, from, to });
  });
  return found.sort((a, b) => a.to - a.from - (b.to - b.from));
}

/**
 * Applies the one plain (safe) fix of the problem at the cursor; with several fixes, or
 * only fixes that change the meaning, opens the problems panel to choose. False (the key
 * goes on) when no problem touches the cursor.
 */
export const quickFix: Command = (view) => {
  const here = diagnosticsAtCursor(view);
  if (here.length === 0) return false;
  const first = here[0]!;
  const actions = first.actions ?? [];
  const safe = actions.filter((a) => a.markClass === undefined);
  if (actions.length === 1 && safe.length === 1) {
    safe[0]!.apply(view, first.from, first.to);
    return true;
  }
  return openLintPanel(view);
};

export const fixKeys: readonly KeyBinding[] = [
  ...lintKeymap,
  { key: 'Mod-.', run: quickFix, preventDefault: true },
];
