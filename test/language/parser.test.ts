/**
 * The chevrotain parser, built on its own (parse.ts builds the lexer first; the railroad
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
    expect(body).toMatchObject({ kind: 'And', operands: [{ raw: 'a' }, { raw: 'and' }, { raw: 'b' }] });
  });
});
