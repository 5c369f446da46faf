/**
 * `toBuilderCode`: the printed TypeScript runs, and builds the parsed tree with the
 * builder's spellings (explicit AND, NOT for `-`, flattened ANDs/ORs, parentheses
 * only where the printer needs them). The property runs the printed code itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as builder from '../../src/builder/index.js';
import { visit } from '../../src/index.js';
import type { Expr } from '../../src/language/ast.js';
import { parse } from '../../src/language/parse.js';
import { format } from '../../src/printer/format.js';
import { BuilderError, toBuilderCode, type BuiltQuery } from '../../src/builder/index.js';
import { tsString } from '../../src/builder/to-code.js';
import { nest } from '../../src/builder/combine.js';
import { expr as exprArb } from '../support/arbitraries.js';

/** Runs printed module code: its one import becomes a destructuring of mdq/builder's exports, its export a return. */
function run(code: string): BuiltQuery {
  const match = /^import \{ ([\w, ]+) \} from 'mdq\/builder';\n\nexport const q = /.exec(code);
  expect(match, code).not.toBeNull();
  const body = `const { ${match![1]} } = builder;\nreturn ${code.slice(match![0].length)}`;
  return new Function('builder', body)(builder) as BuiltQuery;
}

/** The parsed tree in the builder's spellings: the oracle for the property. */
function builderShape(node: Expr): Expr {
  switch (node.kind) {
    case 'Group':
      return builderShape(node.body);
    case 'And':
    case 'Or': {
      const operands: Expr[] = [];
      for (const operand of node.operands) {
        const shaped = builderShape(operand);
        if (shaped.kind === node.kind) operands.push(...shaped.operands);
        else operands.push(nest(shaped, 'operand'));
      }
      return node.kind === 'And'
        ? { ...node, operands, explicit: operands.slice(1).map(() => true) }
        : { ...node, operands };
    }
    case 'Not':
      return { ...node, operator: 'NOT', operand: nest(builderShape(node.operand), 'prefix') };
    case 'Required':
      return { ...node, operand: nest(builderShape(node.operand), 'prefix') };
    case 'Boost':
      return { ...node, operand: nest(builderShape(node.operand), 'postfix') };
    case 'Field':
      return node.value.kind === 'Group'
        ? { ...node, value: { ...node.value, body: builderShape(node.value.body) } }
        : node;
    default:
      return node;
  }
}

function hasRefusedFieldName(node: Expr): boolean {
  let found = false;
  visit(node, {
    FieldName(name) {
      if (name.value === '*' || name.value.trim() === '') found = true;
    },
  });
  return found;
}

/** A tree without spans and raw spellings (escaping choices that differ with the neighbours). */
function meaning(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(meaning);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== 'span' && k !== 'raw')
      .map(([k, v]) => [k, meaning(v)]),
  );
}

describe('toBuilderCode', () => {
  it('prints readable code with the everyday factories', () => {
    const { ast } = parse(
      '[First Name] eq "Tim" and [Age] ge 18 AND (city:Berlin OR city:"New York") -Status:INA',
    );
    expect(toBuilderCode(ast)).toBe(
      [
        "import { equals, field, not, or, query } from 'mdq/builder';",
        '',
        'export const q = query(',
        "  field('First Name').eq('Tim'),",
        "  field('Age').ge(18),",
        "  or(equals('city', 'Berlin'), equals('city', 'New York')),",
        "  not(equals('Status', 'INA')),",
        ');',
        '',
      ].join('\n'),
    );
  });

  it('uses startsWith, between, greaterThan, exists, scope and boost where they build the same value', () => {
    const { ast } = parse(
      'name:Jo* AND created:[2020-01-01 TO *} AND age:>=18 AND _exists_:email AND tags:(a b)^2',
    );
    const code = toBuilderCode(ast, { width: 300 });
    expect(code).toContain(
      "query(startsWith('name', 'Jo'), between('created', '2020-01-01', null, { lowerInclusive: true, upperInclusive: false }), greaterOrEqual('age', '18'), exists('email'), boost(scope('tags', term('a'), term('b')), 2))",
    );
    expect(run(code).text).toBe(
      'name:Jo* AND created:[2020-01-01 TO *} AND age:>=18 AND _exists_:email AND tags:(a AND b)^2',
    );
  });

  it('falls back to inField and the pattern factories for the rest of the language', () => {
    const { ast } = parse(
      'city:B?rl*n name:smith~1 bio:"a b"~3 re:/ab+c/ x:>"y" word:New\\ York [* TO 5] ok:[* TO *] -c:"d"',
    );
    const built = run(toBuilderCode(ast));
    expect(meaning(built.ast.body)).toEqual(meaning(builderShape(ast.body!)));
    expect(built.text).toBe(
      'city:B?rl*n AND name:smith~1 AND bio:"a b"~3 AND re:/ab+c/ AND x:>"y" AND word:New\\ York AND [* TO 5] AND ok:[* TO *] AND NOT c:"d"',
    );
  });

  it('takes a clause as well as a query, and the names it is told', () => {
    const clause = builder.field('A').eq('x');
    expect(toBuilderCode(clause, { name: 'search', from: '../mdq' })).toBe(
      "import { field, query } from '../mdq';\n\nexport const search = query(field('A').eq('x'));\n",
    );
    expect(() => toBuilderCode(clause, { name: 'not a name' })).toThrow(BuilderError);
  });

  it('refuses trees with syntax errors and the empty query, with a BuilderError', () => {
    for (const text of ['a AND', '', '(a OR']) {
      const error = (() => {
        try {
          toBuilderCode(parse(text).ast);
        } catch (e) {
          return e;
        }
      })();
      expect(error, text).toBeInstanceOf(BuilderError);
      expect((error as BuilderError).code).toBe('unrepresentable');
    }
  });

  it('writes string literals that read back as exactly the string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(new Function(`return ${tsString(s)};`)()).toBe(s);
      }),
      { numRuns: 1000 },
    );
  });

  it('law: running the printed code builds the parsed tree (in the builder spellings)', () => {
    fc.assert(
      fc.property(exprArb, (tree) => {
        const text = format(tree);
        const parsed = parse(text);
        expect(
          parsed.diagnostics.filter((d) => d.severity === 'error'),
          text,
        ).toEqual([]);
        let code: string;
        try {
          code = toBuilderCode(parsed.ast);
        } catch (error) {
          // The builder refuses the field `*` and blank names; nothing else may fail.
          expect((error as BuilderError).code, text).toMatch(/^(invalid|empty)-field-name$/);
          expect(hasRefusedFieldName(parsed.ast.body!), text).toBe(true);
          return;
        }
        const built = run(code);
        expect(meaning(built.ast.body), `${text}\n${code}`).toEqual(
          meaning(builderShape(parsed.ast.body!)),
        );
      }),
      { numRuns: 500 },
    );
  });
});
