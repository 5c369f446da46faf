/**
 * The parts of chevrotain's recovery that mdq's grammar never reaches (its gates only ever
 * leave an OR without an alternative): single-token insertion and deletion in CONSUME, and
 * in-repetition recovery after MANY and AT_LEAST_ONE. Held to chevrotain on a small grammar
 * built on both, the recognizer running on the tables scripts/recognizer makes of it.
 */
import * as chevrotain from 'chevrotain';
import type { IToken, TokenType } from 'chevrotain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseGrammar } from '../../scripts/recognizer/generate.js';
import type { ParserRuntime } from '../../src/language/recognizer/index.js';
import { recognizer } from '../../src/language/recognizer/index.js';
import type { Tables } from '../../src/language/recognizer/tables-type.js';

const scale = Number(process.env.FC_RUNS ?? 1);

const type = (name: string): TokenType => ({ name, PATTERN: name });
const A = type('A');
const B = type('B');
const Comma = type('Comma');
const LParen = type('LParen');
const RParen = type('RParen');
const Semi = type('Semi');
/** In A's category: matched where A is expected. */
const SubA = { ...type('SubA'), CATEGORIES: [A] };
const VOCABULARY = [A, B, Comma, LParen, RParen, Semi, SubA];

/**
 * root := list+ Semi; list := '(' item* ')'; item := A B? ','; flat := A* (a first rule that
 * ends in a repetition); boom := an action that throws what is not a recognition exception.
 */
function defineGrammar({ EmbeddedActionsParser }: ParserRuntime) {
  return class Tiny extends EmbeddedActionsParser {
    constructor(tables?: Tables, recoveryEnabled = true) {
      super(VOCABULARY, { recoveryEnabled, maxLookahead: 3, ...(tables && { tables }) });
      this.performSelfAnalysis();
    }

    flat = this.RULE('flat', () => {
      let count = 0;
      this.MANY(() => {
        this.CONSUME(A);
        count++;
      });
      return count;
    });

    boom = this.RULE('boom', () => {
      this.CONSUME(B);
      // In an ACTION: chevrotain's recording phase does not run those.
      this.ACTION(() => {
        throw new RangeError('not a recognition exception');
      });
    });

    root = this.RULE(
      'root',
      () => {
        const lists: string[][] = [];
        this.AT_LEAST_ONE(() => {
          lists.push(this.SUBRULE(this.list));
        });
        this.CONSUME(Semi);
        return lists;
      },
      { recoveryValueFunc: () => [['root recovered']] },
    );

    list = this.RULE(
      'list',
      () => {
        const items: string[] = [];
        this.CONSUME(LParen);
        this.MANY(() => {
          items.push(this.SUBRULE(this.item));
        });
        this.CONSUME2(RParen);
        return items;
      },
      { recoveryValueFunc: () => ['list recovered'] },
    );

    item = this.RULE(
      'item',
      () => {
        const a = this.CONSUME(A);
        const b = this.OPTION(() => this.CONSUME(B));
        const comma = this.CONSUME(Comma);
        return `${a.image}${b?.image ?? ''}${comma.image === '' ? '(inserted ,)' : ','}`;
      },
      // No recoveryValueFunc: chevrotain's default gives undefined.
    );
  };
}

type Tiny = InstanceType<ReturnType<typeof defineGrammar>>;
let reference: Tiny;
let mine: Tiny;
/** The same without recovery: the first rule's error ends the parse. */
let referenceStrict: Tiny;
let mineStrict: Tiny;

beforeAll(async () => {
  const runtime: ParserRuntime = {
    EmbeddedActionsParser: chevrotain.EmbeddedActionsParser,
    tokenMatcher: chevrotain.tokenMatcher,
  };
  // chevrotain picks a matcher that ignores categories when no type has them completed yet
  // (parser.ts's completeTokenTypes): a parser with no grammar completes them first.
  new (class Complete extends chevrotain.EmbeddedActionsParser {})(VOCABULARY);
  reference = new (defineGrammar(runtime))();
  const tables = await analyseGrammar(reference, VOCABULARY);
  mine = new (defineGrammar(recognizer))(tables);
  referenceStrict = new (defineGrammar(runtime))(undefined, false);
  mineStrict = new (defineGrammar(recognizer))(tables, false);
});

function run(parser: Tiny, names: readonly string[], rule: 'root' | 'flat' = 'root') {
  const types = new Map(VOCABULARY.map((t) => [t.name, t]));
  const tokens = names.map((name, i) => {
    const tokenType = types.get(name)!;
    return {
      image: name.toLowerCase(),
      startOffset: i,
      tokenType,
      tokenTypeIdx: tokenType.tokenTypeIdx!,
    };
  });
  parser.input = tokens as IToken[];
  expect(parser.input).toBe(tokens);
  const result = parser[rule]();
  return {
    result,
    errors: parser.errors.map((e) => ({
      name: e.name,
      message: e.message,
      token: [e.token.image, e.token.startOffset, e.token.tokenType.name],
      resynced: e.resyncedTokens.map((t) => t.startOffset),
      context: e.context,
    })),
  };
}

describe("the recognizer's recovery where mdq's grammar never goes", () => {
  it.each([
    ['insertion of a missing token', ['LParen', 'A', 'RParen', 'Semi'], '(inserted ,)'],
    ['deletion of an unexpected token', ['LParen', 'A', 'Semi', 'Comma', 'RParen', 'Semi'], 'a,'],
    [
      'a category member where its parent is expected',
      ['LParen', 'SubA', 'RParen', 'Semi'],
      'suba(inserted ,)',
    ],
    [
      'in-repetition recovery in MANY',
      ['LParen', 'A', 'Comma', 'B', 'B', 'A', 'Comma', 'RParen', 'Semi'],
      'a,',
    ],
    [
      'in-repetition recovery in AT_LEAST_ONE',
      ['LParen', 'RParen', 'B', 'LParen', 'RParen', 'Semi'],
      undefined,
    ],
    ['re-sync', ['LParen', 'B', 'B', 'Semi'], undefined],
  ])('%s, as chevrotain', (_, names, shows) => {
    const expected = run(reference, names);
    expect(expected.errors.length).toBeGreaterThan(0);
    if (shows !== undefined) expect(JSON.stringify(expected.result)).toContain(shows);
    expect(run(mine, names)).toEqual(expected);
  });

  it('rethrows what is not a recognition exception, as chevrotain', () => {
    for (const parser of [reference, mine]) {
      parser.input = [
        { image: 'b', startOffset: 0, tokenType: B, tokenTypeIdx: B.tokenTypeIdx! },
      ] as IToken[];
      expect(() => parser.boom()).toThrow(RangeError);
    }
  });

  it('property: without recovery, fails and stops as chevrotain does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...VOCABULARY.map((t) => t.name)), { maxLength: 10 }),
        (names) => {
          expect(run(mineStrict, names)).toEqual(run(referenceStrict, names));
        },
      ),
      { numRuns: 1000 * scale },
    );
  });

  it('property: a first rule that ends in a repetition recovers to the end of the input as chevrotain does', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('A', 'A', 'B', 'Semi'), { maxLength: 10 }), (names) => {
        expect(run(mine, names, 'flat')).toEqual(run(reference, names, 'flat'));
      }),
      { numRuns: 1000 * scale },
    );
  });

  it('property: recovers from random token sequences as chevrotain does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...VOCABULARY.map((t) => t.name)), { maxLength: 12 }),
        (names) => {
          expect(run(mine, names)).toEqual(run(reference, names));
        },
      ),
      { numRuns: 3000 * scale },
    );
  });
});
