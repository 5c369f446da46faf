/**
 * mdq's recognizer (src/language/recognizer) against chevrotain, its reference: the same grammar
 * (parser.ts) on each must give the same trees, diagnostics and recognition errors on every case
 * file, on generated broken queries and on random token sequences. Isolated: it mocks
 * src/language/recognizer/index.ts to load chevrotain into a copy of the parse modules.
 */
import * as chevrotain from 'chevrotain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCases, loadQueryLines } from '../conformance/cases.js';
import { queryLikeString } from '../support/arbitraries.js';

type ParseModule = typeof import('../../src/language/parse.js');
type ParserModule = typeof import('../../src/language/parser.js');
interface Runtime {
  parse: ParseModule;
  parser: ParserModule;
  tokens: typeof import('../../src/language/tokens.js');
  queryParser?: ReturnType<ParserModule['createQueryParser']>;
}

let reference: Runtime;
let mine: Runtime;
const scale = Number(process.env.FC_RUNS ?? 1);

/** A copy of the parse modules whose parser runs on chevrotain (mocking the recognizer's door), or on the recognizer. */
async function load(which: 'chevrotain' | 'recognizer'): Promise<Runtime> {
  vi.resetModules();
  vi.doUnmock('../../src/language/recognizer/index.js');
  if (which === 'chevrotain')
    vi.doMock('../../src/language/recognizer/index.js', () => ({
      recognizer: {
        EmbeddedActionsParser: chevrotain.EmbeddedActionsParser,
        tokenMatcher: chevrotain.tokenMatcher,
      },
    }));
  return {
    parse: await import('../../src/language/parse.js'),
    parser: await import('../../src/language/parser.js'),
    tokens: await import('../../src/language/tokens.js'),
  };
}

beforeAll(async () => {
  reference = await load('chevrotain');
  mine = await load('recognizer');
}, 60_000);

/** Texts ending in a lone backslash, unclosed ranges, groups and phrases, stray operators: what leaves the fast path. */
const broken = fc
  .tuple(
    queryLikeString,
    fc.constantFrom('', '\\', '(', ')', '"', '[', '{a TO', 'AND', ':', '^', '~'),
  )
  .map(([text, tail]) => text + tail);

function run(runtime: Runtime, text: string) {
  return runtime.parse.parseWithReferenceParser(text);
}

/** An image for each token type, for token sequences no lexer would make. */
const IMAGES: Record<string, string> = {
  BracketField: '[A]',
  RangeStart: '[',
  RangeExclusiveStart: '{',
  LParen: '(',
  RParen: ')',
  AndSymbol: '&&',
  OrSymbol: '||',
  And: 'AND',
  Or: 'OR',
  Not: 'NOT',
  LowerAnd: 'and',
  LowerOr: 'or',
  LowerNot: 'not',
  ComparisonWord: 'eq',
  Bang: '!',
  Plus: '+',
  Minus: '-',
  Colon: ':',
  RelationOperator: '>=',
  Quoted: '"q"',
  Regex: '/r/',
  Tilde: '~1',
  Caret: '^2',
  StrayCloser: ']',
  Word: 'w',
  RangeTo: 'TO',
  RangeEnd: ']',
  RangeExclusiveEnd: '}',
  RangeRParen: ')',
  RangeWord: 'r',
};
const TYPE_NAMES = Object.keys(IMAGES);

/**
 * The parser run on `names` as tokens (one space apart; `touching` glues some to the one
 * before): its tree, its diagnostics and its recognition errors, with chevrotain's names,
 * messages and tokens.
 */
async function recognize(runtime: Runtime, names: readonly string[], touching: readonly boolean[]) {
  const { DiagnosticCollector } = await import('../../src/language/diagnostic-collector.js');
  const types = new Map(runtime.tokens.allTokens.map((t) => [t.name, t]));
  let text = '';
  const tokens = names.map((name, i) => {
    if (i > 0 && !touching[i]) text += ' ';
    const startOffset = text.length;
    text += IMAGES[name];
    const tokenType = types.get(name)!;
    return { image: IMAGES[name]!, startOffset, tokenType, tokenTypeIdx: tokenType.tokenTypeIdx! };
  });
  runtime.queryParser ??= runtime.parser.createQueryParser();
  const parser = runtime.queryParser;
  const collected = new DiagnosticCollector(1000);
  parser.begin(text, collected);
  parser.input = tokens as never;
  const body = parser.query();
  const errors = parser.errors.map((e) => ({
    name: e.name,
    message: e.message,
    token: [e.token.image, e.token.startOffset, e.token.tokenType?.name],
    resynced: e.resyncedTokens.map((t) => t.startOffset),
    context: e.context,
  }));
  parser.end();
  return { body, errors, diagnostics: collected.kept };
}

/**
 * The one shape that makes this grammar's recognizer fail (its gates leave no alternative: a
 * field's value that is a bracket comparison), and what then re-syncs: half the sequences hold it.
 */
const FRAGMENTS = [
  ['Word', 'Colon', 'BracketField', 'ComparisonWord'],
  ['LParen', 'Word', 'Colon', 'BracketField', 'ComparisonWord'],
];
const tokenSequence = fc
  .array(
    fc.oneof(
      fc.constantFrom(...TYPE_NAMES).map((name) => [name]),
      fc.constantFrom(...FRAGMENTS),
    ),
    { maxLength: 8 },
  )
  .chain((chunks) => {
    const names = chunks.flat();
    return fc
      .array(fc.boolean(), { minLength: names.length, maxLength: names.length })
      .map((touching) => ({ names, touching }));
  });

describe('the recognizer', () => {
  it('is what the parse module runs (and chevrotain is what the reference runs)', async () => {
    const { EmbeddedActionsParser } = await import('../../src/language/recognizer/recognizer.js');
    expect(mine.parser.createQueryParser()).toBeInstanceOf(EmbeddedActionsParser);
    expect(reference.parser.createQueryParser()).toBeInstanceOf(chevrotain.EmbeddedActionsParser);
  });

  it("gives chevrotain's recognition errors: names, messages, tokens, re-synced tokens, rule stacks", async () => {
    for (const names of [
      ['Word', 'Colon', 'BracketField', 'ComparisonWord', 'Quoted'],
      ['LParen', 'Word', 'Colon', 'BracketField', 'ComparisonWord', 'RParen', 'Word'],
      ['Not', 'Word', 'Colon', 'BracketField', 'ComparisonWord', 'Colon', 'RangeEnd'],
      ['RangeStart', 'Word', 'Colon', 'BracketField', 'ComparisonWord', 'RangeTo', 'Caret'],
    ]) {
      const touching = names.map(() => false);
      const expected = await recognize(reference, names, touching);
      expect(expected.errors.length).toBeGreaterThan(0);
      expect(await recognize(mine, names, touching)).toEqual(expected);
    }
  });

  it('property: recognizes random token sequences as chevrotain does', async () => {
    await fc.assert(
      fc.asyncProperty(tokenSequence, async ({ names, touching }) => {
        expect(await recognize(mine, names, touching)).toEqual(
          await recognize(reference, names, touching),
        );
      }),
      { numRuns: 3000 * scale },
    );
  }, 120_000);

  it('parses the case files as chevrotain does', () => {
    const texts = [...loadQueryLines(), ...loadCases().map((c) => c.query)];
    for (const text of texts)
      expect(run(mine, text), JSON.stringify(text)).toEqual(run(reference, text));
  });

  it('property: parses generated broken queries as chevrotain does', () => {
    fc.assert(
      fc.property(broken, (text) => {
        expect(run(mine, text)).toEqual(run(reference, text));
        expect(mine.parse.parse(text)).toEqual(reference.parse.parse(text));
      }),
      { numRuns: 2000 * scale },
    );
  }, 120_000);
});
