/**
 * The chevrotain parser, built on its own (parse.ts builds it before lexing; the railroad
 * diagrams script does not).
 */
import { describe, expect, it, vi } from 'vitest';

describe('createQueryParser', () => {
  it('matches token categories (a lower-case `and` is a Word) even when no lexer was built before it', async () => {
    vi.resetModules();
    const { createQueryParser } = await import('../../src/language/parser.js');
    const { DiagnosticCollector } = await import('../../src/language/diagnostic-collector.js');
    const parser = createQueryParser();
    const { tokenize } = await import('../../src/language/lexer.js');
    const text = 'a and b';
    parser.begin(text, new DiagnosticCollector(100));
    parser.input = tokenize(text).tokens;
    const body = parser.query();
    parser.end();
    expect(parser.errors).toEqual([]);
    expect(body).toMatchObject({
      kind: 'And',
      operands: [{ raw: 'a' }, { raw: 'and' }, { raw: 'b' }],
    });
  });

  it('end() lets go of the tokens and the recognition errors of the parse (the parser outlives it)', async () => {
    const { createQueryParser } = await import('../../src/language/parser.js');
    const { DiagnosticCollector } = await import('../../src/language/diagnostic-collector.js');
    const { tokenize } = await import('../../src/language/lexer.js');
    const parser = createQueryParser();
    const text = ') a OR';
    parser.begin(text, new DiagnosticCollector(100));
    parser.input = tokenize(text).tokens;
    parser.query();
    expect(parser.input.length).toBeGreaterThan(0);
    parser.end();
    expect(parser.input).toEqual([]);
    expect(parser.errors).toEqual([]);
  });

  it('parse still reports recognition errors, read before the parser lets go of them', async () => {
    const { parse } = await import('../../src/language/parse.js');
    // A bracket comparison where a field's value belongs: chevrotain's own recognition error, then the next query.
    expect(parse('f:[a] eq 1').diagnostics).toEqual([
      {
        code: 'syntax-error',
        severity: 'error',
        message: "unexpected '[a]' at 1:3",
        span: { start: 2, end: 5 },
      },
    ]);
    expect(parse('TO:[x] eq').diagnostics.map((d) => d.code)).toEqual([
      'syntax-error',
      'missing-value',
    ]);
    expect(parse('a').diagnostics).toEqual([]);
  });

  it('passes chevrotain grammar validations, which the shared parser skips', async () => {
    vi.resetModules();
    const { createQueryParser: create } = await import('../../src/language/parser.js');
    const { chevrotainRuntime } = await import('../support/chevrotain-runtime.js');
    const createQueryParser = (validate: boolean) => create(validate, chevrotainRuntime);
    const { DiagnosticCollector } = await import('../../src/language/diagnostic-collector.js');
    const { tokenize } = await import('../../src/language/lexer.js');
    // performSelfAnalysis throws on any definition error (ambiguity, left recursion, ...) when validating.
    const validated = createQueryParser(true);
    const skipped = createQueryParser(false);
    // Same grammar either way, and the same recovering parse of a broken query.
    expect(skipped.getSerializedGastProductions()).toEqual(
      validated.getSerializedGastProductions(),
    );
    const text = 'name:"Tim AND (city: OR [a TO';
    const run = (parser: ReturnType<typeof createQueryParser>) => {
      const collected = new DiagnosticCollector(100);
      parser.begin(text, collected);
      parser.input = tokenize(text).tokens;
      const body = parser.query();
      const errors = parser.errors.map((e) => [e.name, e.token.image, e.token.startOffset]);
      parser.end();
      return { body, errors, diagnostics: collected.kept };
    };
    expect(run(skipped)).toEqual(run(validated));
  });
});
