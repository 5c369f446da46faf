/**
 * Writes src/language/recognizer/tables.ts: the analysis of the grammar (src/language/parser.ts)
 * that chevrotain's `performSelfAnalysis` did on the first broken query of every process, done
 * once here by chevrotain itself (a devDependency) on its own recording of the grammar: the
 * lookahead paths of every OR, OPTION, MANY and AT_LEAST_ONE, the re-sync follow sets, what a
 * repetition is followed by, and what may follow each token and each rule call (for the
 * single-token insertion of recovery). The runtime (recognizer.ts) only reads them.
 *
 * `npx tsx scripts/recognizer/generate.ts` writes the file; test/language/recognizer-tables.test.ts
 * fails when the committed one is stale.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as chevrotain from 'chevrotain';
import { createQueryParser } from '../../src/language/parser.js';
import {
  LETTER_BASE,
  METHOD_LETTERS,
  NULLABLE,
  RULE_LETTER_BASE,
  type Tables,
} from '../../src/language/recognizer/tables-type.js';
import * as T from '../../src/language/tokens.js';

// biome-ignore lint/suspicious/noExplicitAny: chevrotain's internal modules and GAST classes have no typings
type Untyped = any;
type Gast = Untyped;
type TokenType = chevrotain.TokenType;

/** chevrotain's internal modules, by path (its package exports only the API). */
async function internal<M>(path: string): Promise<M> {
  return (await import(new URL(path, import.meta.resolve('chevrotain')).href)) as M;
}

/**
 * The analysis of a grammar built on chevrotain (`parser`: an instance, made with `recoveryEnabled`),
 * as tables.ts holds it: by default mdq's (parser.ts); the tests give small ones.
 */
export async function analyseGrammar(
  parser: unknown = createQueryParser(true, chevrotain),
  vocabulary: readonly TokenType[] = T.allTokens,
): Promise<Tables> {
  const lookahead = await internal<Untyped>('./parse/grammar/lookahead.js');
  const interpreter = await internal<Untyped>('./parse/grammar/interpreter.js');
  const { RestWalker } = await internal<Untyped>('./parse/grammar/rest.js');
  const { first } = await internal<Untyped>('./parse/grammar/first.js');
  // The GAST classes chevrotain's modules import (one copy: npm hoists it next to chevrotain).
  const gast: Untyped = await import('@chevrotain/gast' as string);
  const analysed = parser as Untyped;
  const rules: Record<string, Gast> = analysed.getGAstProductions();
  const maxLookahead: number = analysed.maxLookahead;
  const tokens = ['EOF', ...vocabulary.map((t) => t.name)];
  if (tokens.length > 90 - LETTER_BASE) throw new Error('too many token types for one letter each');
  const letter = (t: TokenType) => {
    const i = tokens.indexOf(t.name);
    if (i < 0) throw new Error(`${t.name} is not in the vocabulary`);
    return String.fromCharCode(LETTER_BASE + i);
  };
  const names = (types: TokenType[]) => types.map(letter).join('');
  const ruleNames = Object.keys(rules).sort();
  if (ruleNames.length > 26) throw new Error('too many rules for one letter each');
  const ruleLetter = (name: string) =>
    String.fromCharCode(RULE_LETTER_BASE + ruleNames.indexOf(name));

  const la: Record<string, string[]> = {};
  const afterRepetition: Record<string, [string, number, boolean]> = {};
  const afterToken: Record<string, string> = {};
  const afterCall: Record<string, string> = {};
  const restInfo = (rest: Gast[]): string =>
    names(first(new gast.Alternative({ definition: rest }))) +
    (rest.every((p) => gast.isOptionalProd(p)) ? NULLABLE : '');

  for (const [ruleName, rule] of Object.entries(rules)) {
    const kinds: [Gast, keyof typeof METHOD_LETTERS, unknown][] = [
      [gast.Alternation, 'OR', 'Alternation'],
      [gast.Option, 'OPTION', 'Option'],
      [gast.Repetition, 'MANY', 'Repetition'],
      [gast.RepetitionMandatory, 'AT_LEAST_ONE', 'RepetitionMandatory'],
    ];
    const visit = (prod: Gast) => {
      if (prod instanceof gast.NonTerminal) return; // its definition is the called rule's
      for (const [kind, dsl, type] of kinds) {
        if (!(prod instanceof kind)) continue;
        const k = prod.maxLookahead || maxLookahead;
        const paths =
          dsl === 'OR'
            ? lookahead.getLookaheadPathsForOr(prod.idx, rule, k)
            : [
                lookahead.getLookaheadPathsForOptionalProd(
                  prod.idx,
                  rule,
                  lookahead.getProdType(type),
                  k,
                )[0],
              ];
        // Every alternative has a path (an empty one for an empty alternative): '' can only mean that.
        if (paths.some((alt: TokenType[][]) => alt.length === 0))
          throw new Error(`${ruleName}/${dsl}${prod.idx}: an alternative without lookahead paths`);
        const key = `${ruleLetter(ruleName)}${METHOD_LETTERS[dsl]}${prod.idx}`;
        la[key] = paths.map((alt: TokenType[][]) => alt.map(names).join(' '));
        const walker =
          dsl === 'MANY'
            ? interpreter.NextTerminalAfterManyWalker
            : dsl === 'AT_LEAST_ONE'
              ? interpreter.NextTerminalAfterAtLeastOneWalker
              : undefined;
        if (walker) {
          const after = new walker(rule, prod.idx).startWalking();
          afterRepetition[key] = [
            after.token ? letter(after.token) : '',
            after.occurrence ?? -1,
            after.isEndOfRule === true,
          ];
        }
      }
      for (const inner of prod.definition ?? []) visit(inner);
    };
    for (const inner of rule.definition) visit(inner);

    // What follows each token and each rule call within this rule (the first of each, as chevrotain's NextAfterTokenWalker finds it).
    const Recorder = class extends RestWalker {
      walkTerminal(t: Gast, currRest: Gast[], prevRest: Gast[]) {
        const key = `${ruleLetter(ruleName)}${letter(t.terminalType)}${t.idx}`;
        afterToken[key] ??= restInfo(currRest.concat(prevRest));
      }
      walkProdRef(ref: Gast, currRest: Gast[], prevRest: Gast[]) {
        const key = `${ruleLetter(ref.referencedRule.name)}${ref.idx}${ruleLetter(ruleName)}`;
        afterCall[key] ??= restInfo(currRest.concat(prevRest));
      }
    };
    new Recorder().walk(rule);
  }

  const resync: Record<string, string> = {};
  for (const [key, types] of Object.entries(
    analysed.resyncFollows as Record<string, TokenType[]>,
  )) {
    // chevrotain's key: callee name + index + '_~IN~_' + caller name.
    const [, callee, idx, caller] = /^(.*?)(\d+)_~IN~_(.*)$/.exec(key)!;
    resync[`${ruleLetter(callee!)}${idx}${ruleLetter(caller!)}`] = names(types);
  }

  const sorted = <V>(o: Record<string, V>) =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const tables = {
    maxLookahead,
    rules: ruleNames,
    lookahead: sorted(la),
    afterRepetition: sorted(afterRepetition),
    afterToken: sorted(afterToken),
    afterCall: sorted(afterCall),
    resync: sorted(resync),
  };
  return tables;
}

/** The text of tables.ts (before formatting). */
export async function generateTables(): Promise<string> {
  const tables = await analyseGrammar();
  return [
    '// Generated by scripts/recognizer/generate.ts from the grammar in src/language/parser.ts, analysed by',
    `// chevrotain ${(chevrotain as { VERSION?: string }).VERSION ?? ''}; do not edit (test/language/recognizer-tables.test.ts fails when it is stale).`,
    "import type { Tables } from './tables-type.js';",
    '',
    // An object literal: short lines in dist/ (which ships unminified), and a minifier drops its blanks.
    `export const TABLES: Tables = ${JSON.stringify(tables, null, 2)};`,
    '',
  ].join('\n');
}

export const TABLES_PATH = fileURLToPath(
  new URL('../../src/language/recognizer/tables.ts', import.meta.url),
);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(TABLES_PATH, await generateTables());
  execFileSync('npx', ['biome', 'format', '--write', TABLES_PATH], { stdio: 'inherit' });
  console.log(`wrote ${TABLES_PATH}`);
}
