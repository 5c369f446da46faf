import { describe, expect, it } from 'vitest';
import { toCodeMirrorDiagnostic } from '../../src/checker/adapters/codemirror.js';
import { toLspCodeActions, toLspDiagnostic } from '../../src/checker/adapters/lsp.js';
import { check } from '../../src/checker/check.js';
import { schema } from './helpers.js';

const query = 'City:Berlin\nAND [Fist Name] eq "Tim" AND City:Berlin';

describe('LSP adapter', () => {
  it('converts spans to zero-based lines and characters, severities to numbers', () => {
    const [d] = check(query, { schema }).filter((x) => x.code === 'unknown-field');
    expect(toLspDiagnostic(query, d!, 'file:///q.mdq')).toEqual({
      range: { start: { line: 1, character: 4 }, end: { line: 1, character: 15 } },
      severity: 2,
      code: 'unknown-field',
      source: 'mdq',
      message: d!.message,
    });
  });

  it('carries related spans and turns fixes into quick-fix code actions', () => {
    const [dup] = check(query, { schema }).filter((x) => x.code === 'duplicate-clause');
    const lsp = toLspDiagnostic(query, dup!, 'file:///q.mdq');
    expect(lsp.relatedInformation).toEqual([
      {
        location: {
          uri: 'file:///q.mdq',
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 11 } },
        },
        message: 'first written here',
      },
    ]);
    const [action] = toLspCodeActions(query, dup!, 'file:///q.mdq');
    expect(action).toMatchObject({
      title: 'Remove the repeated clause',
      kind: 'quickfix',
      isPreferred: true,
    });
    expect(action!.edit.changes['file:///q.mdq']).toEqual([
      {
        range: { start: { line: 1, character: 24 }, end: { line: 1, character: 40 } },
        newText: '',
      },
    ]);
  });

  it('prefers the first safe fix, and none when every fix is a guess', () => {
    const misspelt = '[Fist Name] eq "Tim"';
    const [guess] = check(misspelt, { schema });
    expect(toLspCodeActions(misspelt, guess!).map((a) => a.isPreferred)).toEqual([
      undefined,
      undefined,
    ]);
    const spaced = 'Last Name:van Dijk';
    const [d] = check(spaced, { schema }).filter((x) => x.code === 'unescaped-space');
    expect(toLspCodeActions(spaced, d!).some((a) => a.isPreferred)).toBe(false);
    const plain = 'First Name:John';
    const [p] = check(plain, { schema });
    expect(toLspCodeActions(plain, p!).map((a) => a.isPreferred)).toEqual([true, undefined]);
  });

  it('files each fix by its kind and words it as every editor does (fixLabel)', () => {
    const actions = (q: string) =>
      check(q, { schema }).flatMap((d) => toLspCodeActions(q, d).map((a) => [a.kind, a.title]));
    // typo: a quick fix worded as the question it is
    expect(actions('[Fist Name] eq "Tim"')).toEqual([
      ['quickfix', 'Did you mean "First Name"?'],
      ['quickfix', 'Did you mean "Last Name"?'],
    ]);
    // rewrite: a different query, a refactoring; the unsafe one says it changes the meaning
    expect(actions('City:(Berlin, Munich)')).toEqual([
      ['refactor.rewrite', 'Write City:(Berlin OR Munich) (changes meaning)'],
    ]);
    expect(actions('Age:[10 TO 5]')).toEqual([['refactor.rewrite', 'Swap the bounds']]);
    // syntax: a quick fix
    expect(actions('City:(Berlin')[0]).toEqual(['quickfix', expect.any(String)]);
    expect(check('City:(Berlin').flatMap((d) => d.fixes ?? [])[0]?.kind).toBe('syntax');
  });

  it('maps every severity', () => {
    const span = { start: 0, end: 1 };
    expect(
      (['error', 'warning', 'info', 'hint'] as const).map(
        (severity) => toLspDiagnostic('a', { code: 'x', severity, message: 'm', span }).severity,
      ),
    ).toEqual([1, 2, 3, 4]);
  });
});

describe('CodeMirror adapter', () => {
  it('gives offsets, a severity name and fixes as actions that dispatch the edits', () => {
    const [d] = check('[Fist Name] eq "Tim"', { schema });
    const cm = toCodeMirrorDiagnostic(d!);
    expect(cm).toMatchObject({
      from: 0,
      to: 11,
      severity: 'warning',
      source: 'mdq unknown-field',
      message: d!.message,
    });
    const dispatched: unknown[] = [];
    cm.actions[0]!.apply({ dispatch: (spec) => dispatched.push(spec) }, 0, 11);
    expect(dispatched).toEqual([{ changes: [{ from: 0, to: 11, insert: '[First Name]' }] }]);
  });

  it('shifts the edits when the diagnostic moved since it was computed', () => {
    const [d] = check('[Fist Name] eq "Tim"', { schema });
    const dispatched: { changes: { from: number }[] }[] = [];
    toCodeMirrorDiagnostic(d!).actions[0]!.apply(
      { dispatch: (spec) => dispatched.push(spec as never) },
      5,
      16,
    );
    expect(dispatched[0]!.changes[0]!.from).toBe(5);
  });
});
