// @vitest-environment happy-dom
/**
 * The lint keys in a real editor view (happy-dom): Ctrl-Shift-M and F8 are bound (they
 * did nothing before), and Ctrl-. applies the one safe fix at the cursor or opens the
 * problems panel, whose fixes the keyboard reaches (and a pointer, though no button nests in an option).
 */
import { lintKeymap, nextDiagnostic, openLintPanel, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { mdq, queryDiagnostics, quickFix } from '../../src/codemirror/index.js';
import { exampleSchemas } from '../../src/examples/index.js';

const views: EditorView[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.destroy();
});

/** An editor holding `doc` with the cursor at `cursor`, its diagnostics already computed (no lint delay to wait for). */
function editorWith(doc: string, cursor: number): EditorView {
  const parent = document.createElement('div');
  document.body.append(parent);
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      selection: { anchor: cursor },
      extensions: mdq({ schema: exampleSchemas }),
    }),
  });
  view.dispatch(setDiagnostics(view.state, queryDiagnostics(view.state)));
  views.push(view);
  return view;
}

describe('the lint keys', () => {
  it("binds @codemirror/lint's keymap (Mod-Shift-m, F8) and Mod-. for the fix at the cursor", () => {
    const state = EditorState.create({ extensions: mdq({ schema: exampleSchemas }) });
    const bindings = state.facet(keymap).flat();
    for (const binding of lintKeymap) expect(bindings).toContainEqual(binding);
    expect(bindings.find((b) => b.run === openLintPanel)?.key).toBe('Mod-Shift-m');
    expect(bindings.find((b) => b.run === nextDiagnostic)?.key).toBe('F8');
    expect(bindings.find((b) => b.run === quickFix)?.key).toBe('Mod-.');
  });

  it('applies the one safe fix of the problem at the cursor', () => {
    const view = editorWith('Email:*', 3);
    expect(quickFix(view)).toBe(true);
    expect(view.state.doc.toString()).toBe('_exists_:Email');
  });

  it('opens the problems panel when the fix would change the meaning, its fixes inside the options as text a pointer applies', async () => {
    const view = editorWith('[Fist Name] eq "Tim"', 2);
    expect(quickFix(view)).toBe(true);
    expect(view.state.doc.toString()).toBe('[Fist Name] eq "Tim"');
    const panel = view.dom.querySelector('.cm-panel-lint');
    expect(panel).not.toBeNull();
    await Promise.resolve();
    // A focusable control inside a listbox option is what screen readers stumble on.
    expect(panel!.querySelectorAll('[role="option"] button')).toHaveLength(0);
    const fixes = [...panel!.querySelectorAll<HTMLElement>('[role="option"] .cm-diagnosticAction')];
    const guess = fixes.find((f) => f.textContent?.includes('First Name'));
    expect(guess).toBeDefined();
    guess!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    expect(view.state.doc.toString()).toBe('[First Name] eq "Tim"');
  });

  it('lets the key go on where no problem touches the cursor', () => {
    const view = editorWith('City:Berlin', 3);
    expect(quickFix(view)).toBe(false);
    expect(view.dom.querySelector('.cm-panel-lint')).toBeNull();
  });
});
