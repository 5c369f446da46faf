import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kindAround, parallelWalk } from '../../src/checker/walk.js';
import type { Node, NodeKind } from '../../src/language/ast.js';
import { parse } from '../../src/language/parse.js';
import { childKeys, visit, type Visitor } from '../../src/language/visitor.js';

const KINDS = Object.keys(childKeys) as NodeKind[];
const KITCHEN_SINK =
  '+Jo* AND "New York"~2 OR (-city:(Berlin OR Paris) created:[2020-01-01 TO *} age:>=18) NOT /a.b/ name:Jon~1^2 _exists_:email *:* [First Name] eq "Tim" and [Age] ge 18 x';

/** Every enter and leave, as the core's `visit` reports them. */
function coreOrder(root: Node): string[] {
  const out: string[] = [];
  visit(root, {
    enter: (n) => void out.push(`>${n.kind}@${n.span.start}`),
    leave: (n) => void out.push(`<${n.kind}@${n.span.start}`),
  });
  return out;
}

/** The same, from the checker's walk with a hook on every kind, in two visitors (leaves run in reverse). */
function walkOrder(root: Node, visitors = 2): string[] {
  const out: string[] = [];
  const visitor = (tag: string): Visitor =>
    Object.fromEntries(
      KINDS.map((k) => [
        k,
        {
          enter: (n: Node) => void out.push(`>${n.kind}@${n.span.start}${tag}`),
          leave: (n: Node) => void out.push(`<${n.kind}@${n.span.start}${tag}`),
        },
      ]),
    ) as Visitor;
  parallelWalk(Array.from({ length: visitors }, (_, i) => visitor(String(i + 1))))(root);
  return out;
}

describe('parallelWalk', () => {
  it('visits every node in the order of the core visitor, entering in visitor order and leaving in reverse', () => {
    const { ast } = parse(KITCHEN_SINK);
    const expected = coreOrder(ast).flatMap((e) =>
      e.startsWith('>') ? [`${e}1`, `${e}2`] : [`${e}2`, `${e}1`],
    );
    expect(walkOrder(ast)).toEqual(expected);
  });

  it('calls any number of hooks of one kind in order (fused three to a closure, nested past three)', () => {
    const { ast } = parse(KITCHEN_SINK);
    for (let n = 1; n <= 10; n++) {
      const tags = Array.from({ length: n }, (_, i) => String(i + 1));
      const expected = coreOrder(ast).flatMap((e) =>
        (e.startsWith('>') ? tags : [...tags].reverse()).map((t) => `${e}${t}`),
      );
      expect(walkOrder(ast, n)).toEqual(expected);
    }
  });

  it('agrees with the core visitor on any query', () => {
    const word = fc.constantFrom(
      'a',
      'b',
      'f:x',
      '"p q"',
      '(',
      ')',
      'AND',
      'OR',
      'NOT',
      '-',
      '+',
      '[F] eq 1',
      'x:[1 TO 2]',
      'y:>3',
      'z~',
      'w^2',
      '_exists_:v',
      '*',
      '/r/',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), (words) => {
        const { ast } = parse(words.join(' '));
        const expected = coreOrder(ast).flatMap((e) =>
          e.startsWith('>') ? [`${e}1`, `${e}2`] : [`${e}2`, `${e}1`],
        );
        expect(walkOrder(ast)).toEqual(expected);
      }),
    );
  });

  it('skips leaves no visitor hooks, and still reaches the ones that are hooked', () => {
    const { ast } = parse('f:x AND [F] eq "y"');
    const seen: string[] = [];
    parallelWalk([
      { FieldName: (n) => void seen.push(n.value), Term: (n) => void seen.push(n.value) },
    ])(ast);
    expect(seen).toEqual(['f', 'x', 'F']);
  });

  it("passes every hook its parent's kind, as the core visitor sees the parent", () => {
    const word = fc.constantFrom(
      'a',
      'f:x',
      '"p q"',
      '(',
      ')',
      'AND',
      'OR',
      'NOT',
      '-',
      '[F] eq 1',
      'x:[1 TO 2]',
      'y:>3',
      'z~',
      'w^2',
      '_exists_:v',
      'g:(b OR c)',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), (words) => {
        const { ast } = parse(words.join(' '));
        const expected: string[] = [];
        visit(ast, {
          enter: (n, parent) =>
            void expected.push(`${n.kind}@${n.span.start} in ${parent?.kind ?? 'nothing'}`),
        });
        const seen: string[] = [];
        const hook = (n: Node, _parent: Node | null, around?: NodeKind | null) =>
          void seen.push(`${n.kind}@${n.span.start} in ${around ?? 'nothing'}`);
        parallelWalk([Object.fromEntries(KINDS.map((k) => [k, hook])) as Visitor])(ast);
        expect(seen).toEqual(expected);
      }),
    );
  });

  it("reads the parent's kind itself when a hook is called without it (by `visit`)", () => {
    const { ast } = parse('f:x');
    const field = ast.body!;
    expect(kindAround(field, undefined)).toBe('Field');
    expect(kindAround(field, 'Group')).toBe('Group');
    expect(kindAround(null, undefined)).toBeNull();
  });

  it('refuses a visitor keyed by something else than a node kind', () => {
    expect(() => parallelWalk([{ enter: () => undefined } as Visitor])).toThrow(
      /keyed by node kind/,
    );
  });
});
