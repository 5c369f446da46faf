import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/checker/check.js';
import { allRules, ruleCodes } from '../../src/checker/registry.js';
import type { Rule } from '../../src/checker/rule.js';
import { parse } from '../../src/language/parse.js';
import { SchemaError, loadSchema } from '../../src/schema/schema.js';
import { customerSchema, exampleSchemas } from '../../src/examples/index.js';
import { found, schema } from './helpers.js';

describe('check', () => {
  it('returns the syntax diagnostics of parse first, then the rules, sorted by position', () => {
    const query = 'Status:Active AND (City:Berlin';
    expect(found(query)).toEqual(['picklist-description: Active', 'unclosed-paren: (']);
    expect(check(query, { schema }).slice(1)).toEqual(parse(query).diagnostics);
  });

  it('keeps report order among diagnostics that share a span (duplicates are found bottom-up)', () => {
    const diagnostics = check('[Customer ID] gt 5 AND [Customer ID] gt 5', {
      schema: exampleSchemas,
    });
    expect(diagnostics.map((d) => `${d.code}@${d.span.start}-${d.span.end}`)).toEqual([
      'operator-type-mismatch@0-18',
      'duplicate-clause@23-41',
      'operator-type-mismatch@23-41',
    ]);
  });

  it('checks a tree as well as text', () => {
    const { ast } = parse('Status:Active');
    expect(check(ast, { schema }).map((d) => d.code)).toEqual(['picklist-description']);
  });

  it('runs only the rules that need no schema when there is none', () => {
    expect(check('Nope:x AND a AND b OR c').map((d) => d.code)).toEqual(['mixed-and-or']);
    expect(found('Nope:x AND a AND b OR c')).toEqual([
      'unknown-field: Nope',
      'mixed-and-or: Nope:x AND a AND b OR c',
    ]);
  });

  it('takes severities per code like ESLint: off, on, or a severity', () => {
    const query = 'Nope:x AND (a';
    expect(
      check(query, { schema, severities: { 'unknown-field': 'off' } }).map((d) => d.code),
    ).toEqual(['unclosed-paren']);
    expect(
      check(query, {
        schema,
        severities: { 'unknown-field': 'error', 'unclosed-paren': 'warning' },
      }).map((d) => `${d.code} ${d.severity}`),
    ).toEqual(['unknown-field error', 'unclosed-paren warning']);
    expect(check(query, { schema, severities: { 'unknown-field': 'on' } })[0]?.severity).toBe(
      'warning',
    );
  });

  it('reads the severities on every call, even from one object changed in between', () => {
    const severities: Record<string, 'off' | 'error'> = { 'leading-wildcard': 'off' };
    expect(check('*son', { schema, severities })).toEqual([]);
    severities['leading-wildcard'] = 'error';
    expect(check('*son', { schema, severities }).map((d) => `${d.code} ${d.severity}`)).toEqual([
      'leading-wildcard error',
    ]);
    const frozen = Object.freeze({ 'leading-wildcard': 'warning' as const });
    expect(check('*son', { schema, severities: frozen }).map((d) => d.severity)).toEqual([
      'warning',
    ]);
    expect(check('*son', { schema, severities: frozen }).map((d) => d.severity)).toEqual([
      'warning',
    ]);
    expect(check('*son', { schema }).map((d) => d.severity)).toEqual(['info']);
  });

  it('sorts by position however far from order the rules report (a long AND full of repeats)', () => {
    // Each repeat is reported where the AND starts, before the unknown names found inside it.
    const query = Array.from({ length: 400 }, () => 'Nope:a').join(' AND ');
    const diagnostics = check(query, { schema, maxDiagnostics: Infinity });
    expect(diagnostics.filter((d) => d.code === 'duplicate-clause')).toHaveLength(399);
    expect(diagnostics.filter((d) => d.code === 'unknown-field')).toHaveLength(400);
    const positions = diagnostics.map((d) => [d.span.start, d.span.end] as const);
    const sorted = [...positions].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(positions).toEqual(sorted);
  });

  it('runs the given rules only, and custom rules too', () => {
    const noTims: Rule = {
      name: 'NoTims',
      invariant: 'Nobody searches for Tim.',
      needsSchema: false,
      codes: { 'no-tim': { severity: 'hint', autofix: false, summary: 'a Tim' } },
      create: (context) => ({
        Term(node) {
          if (node.value === 'Tim')
            context.report({ code: 'no-tim', message: 'no Tims', span: node.span });
        },
      }),
    };
    expect(found('Tim Nope:x', { rules: [noTims] })).toEqual(['no-tim: Tim']);
    expect(found('Tim Nope:x', { rules: [...allRules, noTims] })).toEqual([
      'no-tim: Tim',
      'unknown-field: Nope',
    ]);
  });

  it('makes the rules of a list written afresh at each call once, in each order they are given in', () => {
    const created: string[] = [];
    const counting = (name: string): Rule => ({
      name,
      invariant: 'none',
      needsSchema: false,
      codes: { [name.toLowerCase()]: { severity: 'hint', autofix: false, summary: name } },
      create: (context) => {
        created.push(name);
        return {
          Term(node) {
            if (node.value === name)
              context.report({ code: name.toLowerCase(), message: name, span: node.span });
          },
        };
      },
    });
    const a = counting('A');
    const b = counting('B');
    for (let i = 0; i < 50; i++) {
      expect(found('A B', { rules: [a, b] })).toEqual(['a: A', 'b: B']);
      expect(found('B', { rules: [b, a], severities: { a: 'off' } })).toEqual(['b: B']);
    }
    // One plan for [a, b]; [b, a] with a turned off is another list: b alone, made once.
    expect(created).toEqual(['A', 'B', 'B']);
  });

  it('accepts one response, several, or a loaded schema', () => {
    expect(check('[Age] gt "x"', { schema: customerSchema }).map((d) => d.code)).toEqual([
      'invalid-number',
    ]);
    expect(
      check('[Age] gt "x"', { schema: loadSchema(customerSchema) }).map((d) => d.code),
    ).toEqual(['invalid-number']);
    // Only the product schema: Age is unknown there.
    expect(check('[Age] gt "x"', { schema: schema[2] }).map((d) => d.code)).toEqual([
      'unknown-field',
    ]);
  });

  it('throws a SchemaError for a schema that is no Get Schema response', () => {
    expect(() => check('a', { schema: { name: 'x' } as never })).toThrow(SchemaError);
  });

  it('lists every code once, each with a rule and a default severity', () => {
    const codes = ruleCodes.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const rule of allRules) {
      expect(rule.name).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(Object.keys(rule.codes).length).toBeGreaterThan(0);
    }
  });

  it('never throws, and every span lies inside the query, in order', () => {
    const alphabet = fc.constantFrom(
      ...'ab AND OR and or not NOT ( ) [ ] { } " : * ? \\ / ~ ^ - + > < = TO 1 2020-02-30 Status Age First Name City eq gt contains'.split(
        ' ',
      ),
      ' ',
      ':',
      '"',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 25 }).map((parts) => parts.join(' ')),
        (query) => {
          const diagnostics = check(query, { schema, severities: { 'pii-field': 'on' } });
          for (const d of diagnostics) {
            expect(d.span.start).toBeGreaterThanOrEqual(0);
            expect(d.span.end).toBeLessThanOrEqual(query.length);
            expect(d.span.start).toBeLessThanOrEqual(d.span.end);
          }
          const positions = diagnostics.map((d) => [d.span.start, d.span.end]);
          expect(positions).toEqual([...positions].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
        },
      ),
      { numRuns: 300 },
    );
  });
});
