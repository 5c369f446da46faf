import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BREAK,
  childKeys,
  children,
  nodeAt,
  parse,
  pathAt,
  visit,
  type Node,
  type NodeKind,
} from '../../src/index.js';
import { query } from '../support/arbitraries.js';

describe('visit', () => {
  it('walks every node depth-first in source order, entering and leaving', () => {
    const { ast } = parse('a AND (b OR c:d)');
    const events: string[] = [];
    visit(ast, {
      enter: (n) => void events.push(`+${n.kind}`),
      leave: (n) => void events.push(`-${n.kind}`),
    });
    expect(events.join(' ')).toBe(
      '+Query +And +Term -Term +Group +Or +Term -Term +Field +FieldName -FieldName +Term -Term -Field -Or -Group -And -Query',
    );
  });

  it('calls per-kind functions with the parent, skips children on false and stops on BREAK', () => {
    const { ast } = parse('x:(a b) c d');
    const terms: string[] = [];
    const parents: NodeKind[] = [];
    visit(ast, {
      Field: () => false,
      Term: (n, parent) => {
        terms.push(n.value);
        parents.push(parent!.kind);
      },
    });
    expect(terms).toEqual(['c', 'd']);
    expect(parents).toEqual(['And', 'And']);
    const seen: string[] = [];
    visit(ast, { Term: (n) => (seen.push(n.value), n.value === 'b' ? BREAK : undefined) });
    expect(seen).toEqual(['a', 'b']);
  });

  it('childKeys lists exactly the properties that hold nodes, for every kind', () => {
    fc.assert(
      fc.property(query, (tree) => {
        visit(tree, {
          enter(node) {
            const nodeProps = Object.entries(node)
              // A node slot holds a node, an array of nodes, or null (an empty query's body).
              .filter(
                ([k, v]) =>
                  (v === null && k === 'body') ||
                  (v !== null && Array.isArray(v)
                    ? v.length > 0 && v.every((x) => typeof x === 'object' && 'kind' in x)
                    : typeof v === 'object' && v !== null && 'kind' in v),
              )
              .map(([k]) => k)
              .sort();
            expect([...(childKeys[node.kind] as readonly string[])].sort()).toEqual(nodeProps);
          },
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('nodeAt and pathAt', () => {
  const text = '[First Name] eq "Tim" AND city:(Berlin OR Pa*)';
  const { ast } = parse(text);
  const kindAt = (offset: number) => nodeAt(ast, offset)?.kind;

  it('finds the innermost node at an offset', () => {
    expect(kindAt(text.indexOf('First'))).toBe('FieldName');
    expect(kindAt(text.indexOf('"Tim"') + 1)).toBe('StringValue');
    expect(kindAt(text.indexOf('Berlin') + 2)).toBe('Term');
    expect(kindAt(text.indexOf('Pa*') + 1)).toBe('Wildcard');
    expect(kindAt(text.indexOf('AND'))).toBe('And');
  });

  it('gives the cursor just after a word to that word', () => {
    expect(nodeAt(ast, text.indexOf('Pa*') + 3)).toMatchObject({
      kind: 'Wildcard',
      pattern: 'Pa*',
    });
    const partial = parse('city:');
    expect(nodeAt(partial.ast, 5)).toMatchObject({ kind: 'Error' });
  });

  it('returns the chain from the root, and nothing outside the text', () => {
    expect(pathAt(ast, text.indexOf('Berlin')).map((n) => n.kind)).toEqual([
      'Query',
      'And',
      'Field',
      'Group',
      'Or',
      'Term',
    ]);
    expect(nodeAt(ast, -1)).toBeUndefined();
    expect(nodeAt(ast, text.length + 1)).toBeUndefined();
  });

  it('every node is found at its own start offset or inside it (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'a b',
          'x:(a OR "b c")^2',
          '[A] eq 1 and -[B] eq "x"',
          'n:[1 TO 5} f:>=3 r:/x/ t~2',
        ),
        (q) => {
          const tree = parse(q).ast;
          const all: Node[] = [];
          visit(tree, { enter: (n) => void all.push(n) });
          for (const n of all) {
            if (n.span.start === n.span.end) continue;
            const path = pathAt(tree, n.span.start);
            expect(
              path.some((p) => p === n) ||
                path.some((p) => p.span.start <= n.span.start && p.span.end >= n.span.end),
            ).toBe(true);
          }
          expect(children(tree)).toEqual(tree.body ? [tree.body] : []);
        },
      ),
    );
  });
});
