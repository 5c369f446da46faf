/**
 * The CodeMirror extension at the level of editor states and transactions (no DOM):
 * the completion source, the value provider's debounce and cancellation, lint with
 * fixes, format, the search-box mode and highlighting. The browser suite
 * (test/e2e) drives the same extension in Chromium.
 */
import { CompletionContext } from '@codemirror/autocomplete';
import { EditorState, type TransactionSpec } from '@codemirror/state';
import { EditorView, keymap, showTooltip } from '@codemirror/view';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { check } from '../../src/index.js';
import {
  complete,
  hover as engineHover,
  type CompletionResult,
} from '../../src/completion/index.js';
import { exampleSchemas } from '../../src/examples/index.js';
import {
  closeHover,
  fixLabel,
  formatQuery,
  mdq,
  queryDiagnostics,
  showHover,
  submitQuery,
  type MdqEditorOptions,
  type QueryServices,
} from '../../src/codemirror/index.js';
import { keyboardHover } from '../../src/codemirror/hover.js';
import { engineCompletions } from '../../src/codemirror/completion.js';
import { highlightDecorations, SegmentHighlighter } from '../../src/codemirror/highlighting.js';
import { highlight } from '../../src/completion/highlight.js';
import fc from 'fast-check';
import { lookUpValues, providedValues } from '../../src/codemirror/values.js';
import { fakeServices } from './fake-services.js';

function stateOf(doc: string, options: MdqEditorOptions = {}, cursor = doc.length): EditorState {
  return EditorState.create({
    doc,
    selection: { anchor: cursor },
    extensions: mdq({ services: fakeServices().services, ...options }),
  });
}

/** Just enough of a view for commands: state plus dispatch. */
function fakeView(state: EditorState): EditorView & { current: EditorState } {
  const view = {
    current: state,
    get state() {
      return view.current;
    },
    dispatch(...specs: TransactionSpec[]) {
      view.current = view.current.update(...specs).state;
    },
  };
  return view as unknown as EditorView & { current: EditorState };
}

afterEach(() => void vi.useRealTimers());

describe('completion source', () => {
  it("shows the engine's items in its order, over its replace range, unfiltered", () => {
    const { services, calls } = fakeServices({
      from: 0,
      to: 4,
      items: [
        {
          label: 'First Name',
          kind: 'field',
          insert: '[First Name] ',
          detail: 'string',
          documentation: 'Given name',
          sortText: '0',
        },
        {
          label: 'Legacy',
          kind: 'field',
          insert: '[Legacy] ',
          detail: 'string',
          inactive: true,
          sortText: '1',
        },
        { label: 'Fist', kind: 'value', insert: '"Fist"', cursor: 5, sortText: '2' },
      ],
      context: { kind: 'field-name', prefix: 'Fir' },
    });
    const state = stateOf('[Fir] eq 1', { services, schema: exampleSchemas }, 3);
    const result = engineCompletions(new CompletionContext(state, 3, false))!;
    expect(calls).toEqual([{ text: '[Fir] eq 1', offset: 3, schema: exampleSchemas }]);
    expect(result).toMatchObject({ from: 0, to: 4, filter: false });
    expect(result.validFor).toBeUndefined();
    expect(result.options.map((o) => [o.label, o.type, o.detail])).toEqual([
      ['First Name', 'property', 'string'],
      ['Legacy', 'property', 'string (inactive)'],
      ['Fist', 'constant', undefined],
    ]);
  });

  it('applying an item inserts its text and puts the cursor where the item says', () => {
    const { services } = fakeServices({
      from: 0,
      to: 3,
      items: [{ label: 'Status', kind: 'value', insert: '"ACT"', cursor: 4, sortText: '0' }],
      context: { kind: 'value', prefix: 'AC' },
    });
    const view = fakeView(stateOf('"AC', { services }));
    const result = engineCompletions(new CompletionContext(view.state, 3, true))!;
    const apply = result.options[0]!.apply as (
      v: EditorView,
      c: unknown,
      from: number,
      to: number,
    ) => void;
    apply(view, result.options[0], result.from, result.to!);
    expect(view.state.doc.toString()).toBe('"ACT"');
    expect(view.state.selection.main.head).toBe(4);
  });

  it('offers nothing when the engine has nothing, and clamps a range that misses the cursor', () => {
    expect(engineCompletions(new CompletionContext(stateOf('abc'), 3, true))).toBeNull();
    const { services } = fakeServices({
      from: 5,
      to: 1,
      items: [{ label: 'x', kind: 'keyword', insert: 'x', sortText: '0' }],
      context: { kind: 'clause', prefix: '' },
    });
    const result = engineCompletions(new CompletionContext(stateOf('abc', { services }), 2, true))!;
    expect([result.from, result.to]).toEqual([2, 2]);
  });
});

describe('the engine per keystroke', () => {
  it('is asked once per document and offset, however many sources want its answer', () => {
    const { services, calls } = fakeServices({
      from: 0,
      to: 0,
      items: [],
      context: { kind: 'value', prefix: '', field: 'City' },
    });
    const state = stateOf('City:', { services, values: () => [] });
    engineCompletions(new CompletionContext(state, 5, false));
    providedValues(new CompletionContext(state, 5, false));
    expect(calls).toHaveLength(1);
    const typed = state.update({ changes: { from: 5, insert: 'B' } }).state;
    engineCompletions(new CompletionContext(typed, 6, false));
    engineCompletions(new CompletionContext(typed, 5, false));
    expect(calls.map((c) => [c.text, c.offset])).toEqual([
      ['City:', 5],
      ['City:B', 6],
      ['City:B', 5],
    ]);
  });
});

describe('a schema the engine cannot read', () => {
  it('offers no completion and no hover instead of throwing on every keystroke, and lint says why', () => {
    const schema = [null] as unknown as MdqEditorOptions['schema'];
    expect(() => complete('City:', 5, { schema: schema! })).toThrow();
    const state = EditorState.create({
      doc: 'City:',
      selection: { anchor: 5 },
      extensions: mdq({ schema, values: () => [{ value: 'x' }] }),
    });
    expect(engineCompletions(new CompletionContext(state, 5, true))).toBeNull();
    expect(providedValues(new CompletionContext(state, 5, true))).toBeNull();
    const view = fakeView(state);
    expect(showHover(view)).toBe(true);
    expect(view.state.field(keyboardHover)).toBeNull();
    expect(queryDiagnostics(state)[0]!.message).toMatch(/could not be checked: schema 1 is null/);
  });
});

describe('value provider', () => {
  const at = (text: string, offset = text.length): CompletionResult =>
    complete(text, offset, { schema: exampleSchemas });

  it("waits for a pause, asks once with the engine's field and prefix, and adds what the schema does not list", async () => {
    vi.useFakeTimers();
    const provider = vi.fn(async (_field: string, prefix: string) => [
      { value: `${prefix}lin` },
      { value: 'New York' },
    ]);
    const pending = lookUpValues(at('City:Ber'), provider, 200, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(199);
    expect(provider).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const result = (await pending)!;
    expect(provider).toHaveBeenCalledTimes(1);
    expect(provider.mock.calls[0]!.slice(0, 2)).toEqual(['City', 'Ber']);
    expect(result.from).toBe(5);
    expect(result.options.map((o) => [o.label, o.displayLabel])).toEqual([
      ['Berlin', 'Berlin'],
      ['"New York"', 'New York'],
    ]);
  });

  it('its answer stays valid while the same value is typed on, and only then', async () => {
    const result = (await lookUpValues(
      at('City:Ber'),
      () => [{ value: 'Berlin' }],
      0,
      new AbortController().signal,
    ))!;
    const validFor = result.validFor as RegExp;
    expect(['Berl', '"New Y', ''].map((t) => validFor.test(t))).toEqual([true, true, true]);
    expect(['Ber OR', 'a)', 'x:', '"a" b'].map((t) => validFor.test(t))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('is not asked where no value fits, nor for values the schema lists already', async () => {
    const provider = vi.fn(() => [{ value: 'ACT' }]);
    expect(await lookUpValues(at('Cit'), provider, 0, new AbortController().signal)).toBeNull();
    expect(provider).not.toHaveBeenCalled();
    expect(await lookUpValues(at('Status:'), provider, 0, new AbortController().signal)).toBeNull();
    expect(provider).toHaveBeenCalledTimes(1);
  });

  it('typing on during the pause cancels the lookup before it starts; during the lookup, aborts it', async () => {
    vi.useFakeTimers();
    const provider = vi.fn(
      (_f: string, _p: string, signal: AbortSignal) =>
        new Promise<{ value: string }[]>((_, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const early = new AbortController();
    const first = lookUpValues(at('City:B'), provider, 200, early.signal);
    await vi.advanceTimersByTimeAsync(100);
    early.abort();
    expect(await first).toBeNull();
    expect(provider).not.toHaveBeenCalled();

    const late = new AbortController();
    const second = lookUpValues(at('City:Be'), provider, 200, late.signal);
    await vi.advanceTimersByTimeAsync(200);
    expect(provider).toHaveBeenCalledTimes(1);
    const signal = provider.mock.calls[0]![2];
    late.abort();
    expect(signal.aborted).toBe(true);
    expect(await second).toBeNull();
  });

  it('a failing or empty lookup offers nothing', async () => {
    expect(
      await lookUpValues(
        at('City:'),
        () => Promise.reject(new Error('503')),
        0,
        new AbortController().signal,
      ),
    ).toBeNull();
    expect(await lookUpValues(at('City:'), () => [], 0, new AbortController().signal)).toBeNull();
  });
});

describe('lint', () => {
  it("reports the checker's diagnostics with their fixes as actions that apply", () => {
    const state = stateOf('[Fist Name] eq "Tim"', { schema: exampleSchemas });
    const [diagnostic] = queryDiagnostics(state);
    expect(diagnostic).toMatchObject({
      from: 0,
      to: 11,
      severity: 'warning',
      source: 'mdq unknown-field',
    });
    // A misspelt field's correction is a question, not a warning that the meaning changes.
    expect(diagnostic!.actions!.map((a) => a.name)).toContain('Did you mean "First Name"?');
    const view = fakeView(state);
    diagnostic!
      .actions!.find((a) => a.name === 'Did you mean "First Name"?')!
      .apply(view, diagnostic!.from, diagnostic!.to);
    expect(view.state.doc.toString()).toBe('[First Name] eq "Tim"');
    expect(queryDiagnostics(view.state)).toEqual([]);
  });

  it("names each action after its fix, and says when the fix may change the query's meaning", () => {
    for (const text of [
      '[Fist Name] eq "Tim"',
      'Email:*',
      'a OR (b',
      'VIP:yes',
      'cats and dogs',
      'Status:act',
      'First Name:John',
    ]) {
      const checked = check(text, { schema: exampleSchemas });
      const diagnostics = queryDiagnostics(stateOf(text, { schema: exampleSchemas }));
      expect(diagnostics.map((d) => d.message)).toEqual(checked.map((d) => d.message));
      diagnostics.forEach((d, i) => {
        const fixes = checked[i]!.fixes ?? [];
        expect(
          d.actions!.map((a) => a.name),
          text,
        ).toEqual(
          fixes.map((f) =>
            f.kind === 'typo'
              ? f.title.replace(/^(?:Use|Replace with) (.+)$/, 'Did you mean $1?')
              : f.safe
                ? f.title
                : `${f.title} (changes meaning)`,
          ),
        );
        expect(
          d.actions!.map((a) => a.markClass),
          text,
        ).toEqual(
          fixes.map((f) => (f.safe || f.kind === 'typo' ? undefined : 'cm-mdq-unsafe-fix')),
        );
        expect(fixes.map(fixLabel)).toEqual(d.actions!.map((a) => a.name));
      });
    }
    // Both kinds occur in the queries above, so the law was tried on each.
    const all = ['[Fist Name] eq "Tim"', 'Email:*', 'a OR (b'].flatMap((t) =>
      check(t, { schema: exampleSchemas }).flatMap((d) => d.fixes ?? []),
    );
    expect(new Set(all.map((f) => f.safe === true))).toEqual(new Set([true, false]));
    expect(new Set(all.map((f) => f.kind))).toEqual(new Set(['typo', 'syntax']));
    const [rewrite] = queryDiagnostics(stateOf("City = 'Berlin'", { schema: exampleSchemas }));
    expect(rewrite!.actions!.map((a) => [a.name, a.markClass])).toEqual([
      ['Write [City] eq "Berlin" (changes meaning)', 'cm-mdq-unsafe-fix'],
    ]);
    const [safe] = queryDiagnostics(stateOf('Email:*', { schema: exampleSchemas }));
    expect(safe!.actions!.map((a) => a.name)).toEqual(['Write _exists_:Email']);
  });

  it('follows the configured levels, and reports a schema it cannot read instead of throwing', () => {
    expect(
      queryDiagnostics(
        stateOf('[Fist Name] eq "Tim"', {
          schema: exampleSchemas,
          severities: { 'unknown-field': 'off' },
        }),
      ),
    ).toEqual([]);
    const [d] = queryDiagnostics(stateOf('a', { schema: { nope: true } as never }));
    expect(d).toMatchObject({ severity: 'error', from: 0, to: 1 });
    expect(d!.message).toMatch(/could not be checked/);
  });
});

describe('commands', () => {
  it('format writes the canonical text: multi-line by default, one line in a search box', () => {
    const long =
      'city:Berlin && [Age] ge 18 and [Age] lt 65 || status:active AND NOT deleted:true AND name:smith';
    const multi = fakeView(stateOf(long));
    expect(formatQuery(multi)).toBe(true);
    expect(multi.state.doc.toString()).toBe(
      '(\n  city:Berlin AND [Age] ge 18 AND [Age] lt 65\n)\nOR (\n  status:active AND NOT deleted:true AND name:smith\n)',
    );
    expect(multi.state.selection.main.head).toBe(multi.state.doc.length);
    const box = fakeView(stateOf(long, { mode: 'single-line' }));
    formatQuery(box);
    expect(box.state.doc.toString()).toBe(
      '(city:Berlin AND [Age] ge 18 AND [Age] lt 65) OR (status:active AND NOT deleted:true AND name:smith)',
    );
  });

  it('format leaves a query with syntax errors alone', () => {
    const view = fakeView(stateOf('a AND (b'));
    expect(formatQuery(view)).toBe(false);
    expect(view.state.doc.toString()).toBe('a AND (b');
  });

  it('submit hands the query to onSubmit', () => {
    const submitted: string[] = [];
    const view = fakeView(stateOf('a b', { onSubmit: (q) => submitted.push(q) }));
    expect(submitQuery(view)).toBe(true);
    expect(submitted).toEqual(['a b']);
    expect(submitQuery(fakeView(stateOf('a')))).toBe(false);
  });
});

describe('single-line mode', () => {
  it('turns newlines into spaces, however they arrive', () => {
    const state = stateOf('a', { mode: 'single-line' });
    const pasted = state.update({ changes: { from: 1, insert: '\nAND b\n\nOR c' } }).state;
    expect(pasted.doc.toString()).toBe('a AND b  OR c');
    expect(stateOf('a').update({ changes: { from: 1, insert: '\nb' } }).state.doc.lines).toBe(2);
  });
});

describe('highlighting', () => {
  it('marks each token with its class, skipping tokens that are out of order or bounds', () => {
    const marks = (state: EditorState) => {
      const out: [number, number, string][] = [];
      highlightDecorations(state).between(
        0,
        state.doc.length,
        (from, to, d) => void out.push([from, to, d.spec.class as string]),
      );
      return out;
    };
    expect(marks(stateOf('city:x y'))).toEqual([
      [0, 4, 'cm-mdq-field'],
      [5, 6, 'cm-mdq-text'],
      [7, 8, 'cm-mdq-text'],
    ]);
    // The services highlight each segment; the connective between two is an operator, whatever they would say.
    expect(marks(stateOf('city:x AND y'))).toEqual([
      [0, 4, 'cm-mdq-field'],
      [5, 6, 'cm-mdq-text'],
      [7, 10, 'cm-mdq-operator'],
      [11, 12, 'cm-mdq-text'],
    ]);
    // A group cut inside: its parentheses are mdq's own too; inside one read whole (a boost after it), the services decide.
    expect(marks(stateOf('(city:x AND y)'))).toEqual([
      [0, 1, 'cm-mdq-punctuation'],
      [1, 5, 'cm-mdq-field'],
      [6, 7, 'cm-mdq-text'],
      [8, 11, 'cm-mdq-operator'],
      [12, 13, 'cm-mdq-text'],
      [13, 14, 'cm-mdq-punctuation'],
    ]);
    expect(marks(stateOf('(city:x AND y)^2'))).toContainEqual([8, 11, 'cm-mdq-keyword']);
    const broken: QueryServices = {
      ...fakeServices().services,
      highlight: () => [
        { start: 2, end: 4, class: 'field' },
        { start: 0, end: 1, class: 'field' },
        { start: 3, end: 99, class: 'text' },
        { start: 5, end: 5, class: 'text' },
      ],
    };
    expect(marks(stateOf('abcdef', { services: broken }))).toEqual([[2, 4, 'cm-mdq-field']]);
  });
});

describe('highlighting what is visible, segment by segment', () => {
  const marksOf = (set: ReturnType<typeof highlightDecorations>, length: number) => {
    const out: [number, number, string][] = [];
    set.between(0, length, (from, to, d) => void out.push([from, to, d.spec.class as string]));
    return out;
  };
  /** What one full highlight of the text gives, for the tokens that overlap `ranges`. */
  const expected = (text: string, ranges: readonly { from: number; to: number }[]) =>
    highlight(text)
      .filter((t) => ranges.some((r) => t.start < r.to && t.end > r.from))
      .map((t): [number, number, string] => [t.start, t.end, `cm-mdq-${t.class}`]);

  const piece = fc.constantFrom(
    ' ',
    ' AND ',
    ' OR ',
    ' && ',
    'NOT ',
    '-',
    '(',
    ')',
    '"',
    '"new york"',
    '[',
    ']',
    '{',
    '}',
    ':',
    '~2',
    '^3',
    '\\',
    '/re/',
    '*',
    '?',
    'and',
    'or',
    'eq',
    'TO',
    'City',
    'City:berlin',
    '[First Name] eq "Tim"',
    'Age:[30 TO 40]',
    'jo*',
    '18',
    '2020-01-01',
    '\n',
    'é',
    // Groups cut inside, and glue that touches a segment (`([`, `])`).
    'City:(',
    '_dataObjectId:(C1 OR C2)',
    'NOT (',
    ' OR (',
    '([A] eq 1',
    'x:[1 TO 2])',
    '))',
    '((',
  );
  const doc = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));
  const edit = fc.record({
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    remove: fc.nat({ max: 12 }),
    insert: fc.array(piece, { maxLength: 3 }).map((p) => p.join('')),
  });
  const ranges = fc.array(
    fc.tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
    ),
    { minLength: 1, maxLength: 3 },
  );

  it('after any edits, marks in the visible ranges exactly what a full highlight of the query marks there', () => {
    fc.assert(
      fc.property(
        doc,
        fc.array(fc.tuple(edit, ranges), { minLength: 1, maxLength: 12 }),
        (initial, steps) => {
          let state = EditorState.create({ doc: initial, extensions: mdq() });
          const highlighter = new SegmentHighlighter();
          for (const [{ at, remove, insert }, fractions] of steps) {
            const from = Math.floor(at * state.doc.length);
            state = state.update({
              changes: { from, to: Math.min(state.doc.length, from + remove), insert },
            }).state;
            // Sorted, disjoint ranges, as view.visibleRanges are.
            const points = fractions
              .flat()
              .map((f) => Math.floor(f * state.doc.length))
              .sort((a, b) => a - b);
            const visible: { from: number; to: number }[] = [];
            for (let i = 0; i + 1 < points.length; i += 2)
              if (points[i]! < points[i + 1]!)
                visible.push({ from: points[i]!, to: points[i + 1]! });
            const text = state.doc.toString();
            expect(marksOf(highlighter.decorations(state, visible), text.length)).toEqual(
              expected(text, visible),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('re-reads only the segment typed in, and only segments in view', () => {
    const calls: string[] = [];
    const services: QueryServices = {
      ...fakeServices().services,
      highlight: (text) => (calls.push(text), highlight(text)),
    };
    const clauses = Array.from({ length: 200 }, (_, i) => `City:c${i}`).join(' AND ');
    let state = EditorState.create({ doc: clauses, extensions: mdq({ services }) });
    const highlighter = new SegmentHighlighter();
    const all = [{ from: 0, to: state.doc.length }];
    highlighter.decorations(state, all);
    expect(calls).toHaveLength(200);
    calls.length = 0;
    const at = clauses.indexOf('c100') + 4;
    state = state.update({ changes: { from: at, insert: 'x' } }).state;
    const marks = marksOf(
      highlighter.decorations(state, [{ from: 0, to: state.doc.length }]),
      state.doc.length,
    );
    expect(calls).toEqual([' City:c100x ']);
    expect(marks).toEqual(expected(state.doc.toString(), [{ from: 0, to: state.doc.length }]));
    // A view of the first few clauses reads those, whatever the length of the query.
    calls.length = 0;
    const fresh = new SegmentHighlighter();
    fresh.decorations(state, [{ from: 0, to: 40 }]);
    expect(calls).toEqual(['City:c0 ', ' City:c1 ', ' City:c2 ', ' City:c3 ']);
    // Scrolling on: the segments newly in view, nothing else (the text and its cuts are the same).
    calls.length = 0;
    const scrolled = marksOf(fresh.decorations(state, [{ from: 30, to: 60 }]), state.doc.length);
    expect(calls).toEqual([' City:c4 ', ' City:c5 ']);
    expect(scrolled).toEqual(expected(state.doc.toString(), [{ from: 30, to: 60 }]));
  });
});

describe('highlighting a long group', () => {
  const ids = `_dataObjectId:(${Array.from({ length: 10_000 }, (_, i) => `C${String(i).padStart(7, '0')}`).join(' OR ')})`;

  it('re-reads only the id typed in, in the middle of a list of 10 000 in one group and at its end', () => {
    const calls: string[] = [];
    const services: QueryServices = {
      ...fakeServices().services,
      highlight: (text) => (calls.push(text), highlight(text)),
    };
    let state = EditorState.create({ doc: ids, extensions: mdq({ services }) });
    const highlighter = new SegmentHighlighter();
    const all = () => [{ from: 0, to: state.doc.length }];
    highlighter.decorations(state, all());
    expect(calls).toHaveLength(10_000);
    for (const at of [ids.indexOf('C0005000') + 8, ids.length - 1, ids.indexOf('(') + 1]) {
      calls.length = 0;
      state = state.update({ changes: { from: at, insert: 'x' } }).state;
      const marks = highlighter.decorations(state, all());
      // One id (and the spaces around it) read again: a bounded amount of text, whatever the length of the list.
      expect(calls).toHaveLength(1);
      expect(calls[0]!.length).toBeLessThanOrEqual(12);
      expect(calls[0]).toContain('x');
      const out: [number, number, string][] = [];
      marks.between(
        0,
        state.doc.length,
        (from, to, d) => void out.push([from, to, d.spec.class as string]),
      );
      expect(out).toEqual(
        highlight(state.doc.toString()).map((t) => [t.start, t.end, `cm-mdq-${t.class}`]),
      );
    }
  });
});

describe('hover from the keyboard', () => {
  const real = (doc: string, cursor = doc.length, options: MdqEditorOptions = {}) =>
    fakeView(
      EditorState.create({
        doc,
        selection: { anchor: cursor },
        extensions: mdq({ schema: exampleSchemas, ...options }),
      }),
    );
  const shown = (view: { state: EditorState }) => view.state.field(keyboardHover);

  it('is bound to Mod-k Mod-i by default (VS Code\'s "Show Hover"), with Escape to close; another key or none on request', () => {
    const bindings = (options: MdqEditorOptions) => stateOf('', options).facet(keymap).flat();
    const defaults = bindings({});
    expect(defaults.find((b) => b.run === showHover)?.key).toBe('Mod-k Mod-i');
    expect(defaults.find((b) => b.run === closeHover)?.key).toBe('Escape');
    expect(bindings({ hoverKey: 'F1' }).find((b) => b.run === showHover)?.key).toBe('F1');
    expect(
      bindings({ hoverKey: null }).some((b) => b.run === showHover || b.run === closeHover),
    ).toBe(false);
  });

  it("shows the engine's hover for the token at the cursor, or the one just before it", () => {
    const text = '[Status] eq "ACT" AND City:Berlin';
    for (const cursor of [0, 3, 8, 14, 17, 19, 26, 30, text.length]) {
      const view = real(text, cursor);
      expect(showHover(view)).toBe(true);
      const tooltip = shown(view)!;
      const expected =
        engineHover(text, cursor, { schema: exampleSchemas }) ??
        engineHover(text, cursor - 1, { schema: exampleSchemas })!;
      expect([tooltip.pos, tooltip.end], `cursor ${cursor}`).toEqual([expected.from, expected.to]);
      expect(tooltip.pos).toBeLessThanOrEqual(cursor);
      expect(view.state.facet(showTooltip)).toContain(tooltip);
    }
    // Right after the field's name, on its colon, the field itself is described.
    const afterColon = real('Status:ACT', 6);
    showHover(afterColon);
    expect([shown(afterColon)!.pos, shown(afterColon)!.end]).toEqual([0, 6]);
  });

  it('reads the hover out to screen readers, without the Markdown marks', () => {
    const view = real('Status:ACT', 2);
    let announced: string[] = [];
    const dispatch = view.dispatch.bind(view);
    (view as { dispatch: (...specs: TransactionSpec[]) => void }).dispatch = (
      ...specs: TransactionSpec[]
    ) => {
      const tr = view.state.update(...specs);
      announced = tr.effects.filter((e) => e.is(EditorView.announce)).map((e) => e.value as string);
      dispatch(...specs);
    };
    showHover(view);
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatch(
      /^Status — picklist\. Values: ACT Active, .*\. In schema Customer\.$/,
    );
    expect(announced[0]).not.toMatch(/[`*]/);
  });

  it('takes the key where there is nothing to describe, showing nothing', () => {
    const view = real('   ', 1);
    expect(showHover(view)).toBe(true);
    expect(shown(view)).toBeNull();
  });

  it('closes with Escape, on an edit and on a cursor move; Escape is left to others when nothing is shown', () => {
    const view = real('Status:ACT', 2);
    expect(closeHover(view)).toBe(false);
    showHover(view);
    expect(shown(view)).not.toBeNull();
    expect(closeHover(view)).toBe(true);
    expect(shown(view)).toBeNull();
    showHover(view);
    view.dispatch({ selection: { anchor: 9 } });
    expect(shown(view)).toBeNull();
    showHover(view);
    view.dispatch({ changes: { from: 10, insert: ' b' } });
    expect(shown(view)).toBeNull();
    showHover(view);
    view.dispatch({ effects: [] });
    expect(shown(view)).not.toBeNull();
  });
});
