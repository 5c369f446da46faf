/**
 * The recognizer's tables (src/language/recognizer/tables.ts) are the analysis chevrotain makes
 * of the grammar in parser.ts: regenerated here, they must be what is committed, so a grammar
 * change cannot ship stale tables (`npx tsx scripts/recognizer/generate.ts` rewrites them).
 */
import { describe, expect, it } from 'vitest';
import { analyseGrammar } from '../../scripts/recognizer/generate.js';
import { TABLES } from '../../src/language/recognizer/tables.js';

describe('the recognizer tables', () => {
  it('are the analysis chevrotain makes of the grammar now', async () => {
    expect(TABLES).toEqual(await analyseGrammar());
  }, 60_000);

  it('cover every OR, OPTION, MANY and AT_LEAST_ONE of the grammar, and every rule call', () => {
    expect(Object.keys(TABLES.lookahead).length).toBeGreaterThan(30);
    expect(Object.keys(TABLES.resync).sort()).toEqual(Object.keys(TABLES.afterCall).sort());
  });
});
