/**
 * The VS Code extension's TextMate grammar against mdq's own highlighting: for generated
 * queries, every character gets the same class from the grammar (vscode-textmate with
 * vscode-oniguruma, as VS Code runs it) as from `highlight`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as oniguruma from 'vscode-oniguruma';
import { type IGrammar, INITIAL, Registry } from 'vscode-textmate';
import { highlight, type SemanticTokenClass } from '../../src/completion/index.js';

const require = createRequire(import.meta.url);
const GRAMMAR = join(
  import.meta.dirname,
  '..',
  '..',
  'editors',
  'vscode',
  'syntaxes',
  'mdq.tmLanguage.json',
);

/** The class a scope stands for; the first prefix that matches wins. */
const SCOPES: readonly [string, SemanticTokenClass][] = [
  ['invalid.illegal', 'error'],
  ['variable.other.field', 'field'],
  ['constant.character.escape', 'escape'],
  ['punctuation.', 'punctuation'],
  ['keyword.operator.', 'operator'],
  ['keyword.other.', 'keyword'],
  ['string.quoted.double', 'string'],
  ['string.regexp', 'regex'],
  ['constant.other.date', 'date'],
  ['constant.numeric', 'number'],
  ['string.unquoted.wildcard', 'wildcard'],
  ['string.unquoted', 'text'],
];

function classOf(scopes: readonly string[]): SemanticTokenClass | undefined {
  for (let i = scopes.length - 1; i >= 0; i--)
    for (const [prefix, cls] of SCOPES) if (scopes[i]!.startsWith(prefix)) return cls;
  return undefined;
}

let grammar: IGrammar;
beforeAll(async () => {
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async () => JSON.parse(readFileSync(GRAMMAR, 'utf8')),
  });
  grammar = (await registry.loadGrammar('source.mdq'))!;
});

/** Each character's class from the grammar (one line) and from `highlight`; whitespace has none. */
function classes(query: string) {
  const fromGrammar: (string | undefined)[] = Array.from(query, () => undefined);
  for (const token of grammar.tokenizeLine(query, INITIAL).tokens)
    for (let i = token.startIndex; i < Math.min(token.endIndex, query.length); i++)
      fromGrammar[i] = classOf(token.scopes);
  const fromMdq: (string | undefined)[] = Array.from(query, () => undefined);
  for (const token of highlight(query))
    for (let i = token.start; i < token.end; i++) fromMdq[i] = token.class;
  for (let i = 0; i < query.length; i++)
    if (/\s/.test(query[i]!)) fromGrammar[i] = fromMdq[i] = undefined;
  return { fromGrammar, fromMdq };
}

const field = fc.constantFrom('City', 'First\\ Name', 'Age', 'a.b', 'Date_of_birth', 'x\\:y');
const word = fc
  .stringMatching(/^[a-z][a-z0-9]{0,5}$/)
  .filter((w) => !['and', 'or', 'not', 'to'].includes(w));
const value = fc.oneof(
  word,
  fc.integer({ min: 0, max: 9999 }).map(String),
  fc.constantFrom('2024-01-31', '"New York"', '"a \\" b"', 'Jo*', 'B?n', '/ab.*/', 'New\\ York'),
);
const range = fc
  .tuple(
    fc.constantFrom('[', '{'),
    fc.integer({ min: 0, max: 99 }),
    fc.integer({ min: 100, max: 999 }),
    fc.constantFrom(']', '}'),
  )
  .map(([open, lo, hi, close]) => `${open}${lo} TO ${hi}${close}`);
const clause = fc.oneof(
  fc.tuple(field, value).map(([f, v]) => `${f}:${v}`),
  fc.tuple(field, range).map(([f, r]) => `${f}:${r}`),
  fc
    .tuple(field, fc.constantFrom('>', '>=', '<', '<='), fc.integer({ min: 0, max: 99 }))
    .map(([f, op, n]) => `${f}:${op}${n}`),
  fc
    .tuple(
      fc.constantFrom('First Name', 'City', 'Age'),
      fc.constantFrom('eq', 'ne', 'contains', 'GT', 'gte', '='),
      fc.constantFrom('"Ann"', '"x y"', 'Active', '18', '-5', '2024-01-31'),
    )
    // After a look-alike operator (`gte`, `=`) an unquoted value is what the recovery makes of it.
    .map(
      ([f, op, v]) =>
        `[${f}] ${op} ${/^[a-z=]{2,}$|^=$/.test(op) && !v.startsWith('"') ? '"v"' : v}`,
    ),
  // Lower-case connectives next to bracket comparisons are operators; elsewhere words.
  fc
    .tuple(fc.constantFrom('and', 'or'), fc.constantFrom('not ', ''), fc.constantFrom('(', ''))
    .map(([c, not, open]) => `[A] eq 1 ${c} ${not}${open}[B] ne "x"${open ? ')' : ''}`),
  fc.tuple(word, fc.constantFrom('and', 'or', 'not')).map(([w, c]) => `${w} ${c} ${w}`),
  field.map((f) => `_exists_:${f}`),
  fc.constantFrom('_exists_:"First Name"', '*', '*:*', 'f:*', 'f:[* TO 5]', 'f:{a TO *}'),
  fc
    .tuple(field, fc.constantFrom('<', '>=', '<='), fc.constantFrom('-', '+'), fc.nat(99))
    .map(([f, op, sign, n]) => `${f}:${op}${sign}${n}`),
  // Modifiers and prefixes as the scanner reads them, and what an error leaves.
  fc.constantFrom('a~b', 'a^', 'a^-1', '"a"~x', '--a', '+-a', 'a &&b', 'AND.b', 'f :a', 'a:b:c'),
  // (Not an unclosed regex or a range closed by `)`: what they swallow is the parser's recovery to read.)
  fc.constantFrom('a)', 'a]', '}', ':a', 'a\\', 'f:[a TO b c]', 'f:[a b]'),
  fc.tuple(field, word, word).map(([f, a, b]) => `${f}:(${a} OR ${b})`),
  value,
);
const modified = fc
  .tuple(fc.constantFrom('', '+', '-', 'NOT '), clause, fc.constantFrom('', '^2', '~1'))
  .map(
    ([prefix, c, suffix]) => `${prefix}${c}${c.startsWith('"') || /^\w+$/.test(c) ? suffix : ''}`,
  );
const query = fc
  .array(fc.tuple(modified, fc.constantFrom(' AND ', ' OR ', ' ', ' && ')), {
    minLength: 1,
    maxLength: 5,
  })
  .map((parts) => parts.map(([c, op], i) => (i === 0 ? c : `${op}${c}`)).join(''))
  .chain((q) => fc.constantFrom(q, `(${q})`));

describe('the TextMate grammar of editors/vscode', () => {
  it('classes a few queries as mdq does', () => {
    for (const q of [
      'City:Berlin AND NOT Age:[18 TO 30]',
      '[First Name] eq "Ann" OR Name:Jo?n~2',
      'First\\ Name:/re.*/ AND -x:"ph\\"rase"^2 || _exists_:City',
      'Date:>2020-01-01 +y:(a b)',
    ]) {
      const { fromGrammar, fromMdq } = classes(q);
      expect(
        fromGrammar.map((c, i) => `${q[i]}:${c}`),
        q,
      ).toEqual(fromMdq.map((c, i) => `${q[i]}:${c}`));
    }
  });

  it('classes every character of generated queries as mdq does', () => {
    fc.assert(
      fc.property(query, (q) => {
        const { fromGrammar, fromMdq } = classes(q);
        expect(fromGrammar.map((c, i) => `${q[i]}:${c}`)).toEqual(
          fromMdq.map((c, i) => `${q[i]}:${c}`),
        );
      }),
      { numRuns: 300 },
    );
  });
});

/** The queries of grammar/cases/queries.txt (one a line; blank lines and `#` comments skipped). */
const caseQueries = readFileSync(
  join(import.meta.dirname, '..', '..', 'grammar', 'cases', 'queries.txt'),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'));

/**
 * Case queries where a line-at-a-time regex grammar cannot class as `highlight` does, each with
 * the reason (docs/editors.md lists them).
 */
const KNOWN: Readonly<Record<string, string>> = {
  '([A] eq 1 or [B] eq 2) and c:d':
    'a lower-case `and` after `)` is an operator only when the group holds a bracket comparison: that needs the parse',
};

describe('the TextMate grammar on the grammar case files', () => {
  it('classes every character of every case query as mdq does, but the known exceptions', () => {
    const differing: string[] = [];
    for (const q of caseQueries) {
      const { fromGrammar, fromMdq } = classes(q);
      if (fromGrammar.some((c, i) => c !== fromMdq[i])) differing.push(q);
    }
    if (process.env.MDQ_TEXTMATE_DUMP)
      for (const q of differing) {
        const { fromGrammar, fromMdq } = classes(q);
        console.log(
          JSON.stringify(q),
          Array.from(q, (ch, i) =>
            fromGrammar[i] === fromMdq[i] ? '' : `${i}${ch}:${fromGrammar[i]}/${fromMdq[i]}`,
          )
            .filter(Boolean)
            .join(' '),
        );
      }
    expect(caseQueries.length).toBeGreaterThan(500);
    expect(differing.sort()).toEqual(Object.keys(KNOWN).sort());
  });
});

describe('editors/vscode/scripts/grammar.mjs', () => {
  it('wrote the grammar file as it stands (the file is its output: edit the script, then run it)', () => {
    const check = spawnSync(
      process.execPath,
      [
        join(import.meta.dirname, '..', '..', 'editors', 'vscode', 'scripts', 'grammar.mjs'),
        '--check',
      ],
      { encoding: 'utf8' },
    );
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});

describe('the extension contributes saved searches (*.mdq.json)', () => {
  const here = join(import.meta.dirname, '..', '..', 'editors', 'vscode');
  const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')) as {
    contributes: {
      languages: { id: string; filenamePatterns?: string[]; configuration: string }[];
      grammars: { language: string; scopeName: string; path: string }[];
    };
  };

  it('as the language mdq-json, with a grammar and a configuration that exist, served by the client', () => {
    const language = manifest.contributes.languages.find((l) => l.id === 'mdq-json');
    expect(language?.filenamePatterns).toEqual(['*.mdq.json']);
    JSON.parse(readFileSync(join(here, language!.configuration), 'utf8'));
    const grammar = manifest.contributes.grammars.find((g) => g.language === 'mdq-json')!;
    const tm = JSON.parse(readFileSync(join(here, grammar.path), 'utf8')) as {
      scopeName: string;
      patterns: unknown[];
    };
    expect(tm.scopeName).toBe(grammar.scopeName);
    expect(tm.patterns).toEqual([{ include: 'source.json' }]);
    // The client asks the server about both languages (the server knows *.mdq.json by name too).
    expect(readFileSync(join(here, 'src', 'extension.ts'), 'utf8')).toContain(
      "{ language: 'mdq-json' }",
    );
  });
});
