/**
 * The source of syntaxes/mdq.tmLanguage.json, the TextMate grammar of `.mdq` files: the regexes
 * are built here from named parts, so each rule of mdq's scanner (src/language/scanner.ts,
 * tokens.ts) is spelt once. `node editors/vscode/scripts/grammar.mjs` writes the file;
 * `--check` fails when the file is not what this script writes (test/editors/textmate.test.ts).
 *
 * The grammar classes each character as `highlight` does on the grammar's case files and on
 * generated queries (test/editors/textmate.test.ts); where only the parse can tell, docs/editors.md
 * says what differs. Like any TextMate grammar it searches each pattern from each token on, so a
 * line costs time quadratic in its length: VS Code stops tokenizing a line at 20 000 characters
 * (`editor.maxTokenizationLineLength`), and the server's semantic tokens replace these colours.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const r = String.raw;
// A word part: anything but whitespace and the characters that end a word, or an escape.
const WP = r`(?:[^\s!():^\[\]"{}~\\/]|\\.)`;
const NOT_WP = r`(?!${WP})`;
const CMP = r`(?i:eq|ne|gt|lt|ge|le|contains|startswith|endswith)`;
// A range part: anything but whitespace, a closer or a quote, or an escape.
const RP = r`(?:[^\s\]})"\\]|\\.)`;
const QUOTED = r`"(?:[^"\\]|\\.)*"?`;
const RANGE_TOKEN = r`(?:"(?:[^"\\]|\\.)*"|(?>${RP}+))`;
// A `[` opens a range when a `TO` stands before the first closer (`]`, `}` or `)`), and either
// that closer is a `}` or no comparison operator follows the first unescaped `]` (as tokens.ts's bracketFieldEnd).
const RANGE_BODY = r`(?:[^\]})\\"]|\\.|${QUOTED})`;
const RANGE_AHEAD = r`(?=(?:${RANGE_TOKEN}|\s)*?(?<![^\s\["])TO(?!${RP}))(?:(?=${RANGE_BODY}*\})|(?!(?:[^\]\\]|\\.)*\]\s*${CMP}(?![^\s!():^\[\]"{}~/])))`;
const DATE = r`\d{4}-\d{2}(?:-\d{2}(?:T\d{2}(?::\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?)?)?`;
const NUMBER = r`(?:\d+\.?\d*|\.\d+)`;
/** What a clause may hold, in the order the patterns are tried at one position. */
const clause = (range) =>
  [
    range,
    '#bracket',
    '#exists',
    '#connective',
    '#operator',
    '#matchAll',
    '#field',
    '#regex',
    '#phrase',
    '#group',
    '#value',
    '#stray',
  ].map((include) => ({ include }));
/** A range the well-formed rule does not take: its closer is an error; in a group a `)` is left to the group. */
const fallbackRange = (closers) => ({
  begin: r`\[${RANGE_AHEAD}|\{`,
  end: closers ? r`([\]}${closers}])|(?=^\s*$)` : r`([\]}])|(?=^\s*$|\))`,
  beginCaptures: { 0: { name: 'punctuation.definition.range.begin.mdq' } },
  endCaptures: { 1: { name: 'invalid.illegal.range.end.mdq' } },
  patterns: [{ include: '#rangeInside' }],
});
const escaped = (name) => ({ name, patterns: [{ include: '#escape' }] });

const grammar = {
  $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
  name: 'mdq',
  scopeName: 'source.mdq',
  patterns: [{ include: '#clause' }],
  repository: {
    escape: {
      patterns: [
        { match: r`\\(?:u[0-9A-Fa-f]{4}|.)`, name: 'constant.character.escape.mdq' },
        { match: r`\\$`, name: 'invalid.illegal.escape.mdq' },
      ],
    },
    clause: { patterns: clause('#range') },
    // In a group, a range that a `)` ends leaves it to close the group (the parser's reading).
    groupClause: { patterns: clause('#rangeInGroup') },
    rangeWellFormed: {
      comment: 'At most three parts between the brackets: a closer after more is an error',
      match: r`(\[${RANGE_AHEAD}|\{)((?:\s*${RANGE_TOKEN}){0,3}\s*)([\]}])`,
      captures: {
        1: { name: 'punctuation.definition.range.begin.mdq' },
        2: { patterns: [{ include: '#rangeInside' }] },
        3: { name: 'punctuation.definition.range.end.mdq' },
      },
    },
    range: {
      patterns: [{ include: '#rangeWellFormed' }, fallbackRange(')')],
    },
    rangeInGroup: { patterns: [{ include: '#rangeWellFormed' }, fallbackRange('')] },
    rangeInside: {
      patterns: [
        { match: r`TO(?!${RP})`, name: 'keyword.other.to.mdq' },
        {
          match: QUOTED,
          name: 'string.quoted.double.mdq',
          captures: { 0: { patterns: [{ include: '#escape' }] } },
        },
        { match: r`\*(?!${RP})`, name: 'string.unquoted.wildcard.mdq' },
        { match: r`${DATE}(?!${RP})`, name: 'constant.other.date.mdq' },
        { match: r`[+-]?${NUMBER}(?!${RP})`, name: 'constant.numeric.mdq' },
        {
          match: r`${RP}+`,
          name: 'string.unquoted.mdq',
          captures: { 0: { patterns: [{ include: '#escape' }] } },
        },
      ],
    },
    bracket: {
      comment:
        'A bracketed field name, its comparison operator and value, and a lower-case connective after it',
      match: r`(\[)((?:[^\]\\]|\\.)*?)(?:(\])|(?=\s+${CMP}(?=[\s")]|$))|$)(?:(\s*)(${CMP})${NOT_WP}(?:(\s*)(?:(${QUOTED})|([+-])?(${NUMBER}${NOT_WP})|([+-])?(${WP}+))(?:(\s+)(and|or)${NOT_WP})?)?)?`,
      captures: {
        1: { name: 'punctuation.definition.field.begin.mdq' },
        2: escaped('variable.other.field.mdq'),
        3: { name: 'punctuation.definition.field.end.mdq' },
        5: { name: 'keyword.operator.comparison.mdq' },
        7: escaped('string.quoted.double.mdq'),
        8: { name: 'keyword.operator.prefix.mdq' },
        9: { name: 'constant.numeric.mdq' },
        10: { name: 'keyword.operator.prefix.mdq' },
        11: escaped('string.quoted.double.mdq'),
        13: { name: 'keyword.operator.boolean.mdq' },
      },
    },
    exists: {
      match: r`(_exists_)(\s*)(:)(\s*)(?:(${WP}+)|(${QUOTED}))?`,
      captures: {
        1: { name: 'keyword.other.exists.mdq' },
        3: { name: 'punctuation.separator.field.mdq' },
        5: escaped('variable.other.field.mdq'),
        6: escaped('string.quoted.double.mdq'),
      },
    },
    connective: {
      comment: 'A lower-case and/or/not is an operator before a bracket comparison',
      match: r`(?:and|or|not)(?=\s+\(*\[(?!${RANGE_AHEAD}))`,
      name: 'keyword.operator.boolean.mdq',
    },
    operator: {
      patterns: [
        { match: r`(?:AND|OR|NOT)${NOT_WP}`, name: 'keyword.operator.boolean.mdq' },
        { match: r`(?:&&|\|\|)${NOT_WP}`, name: 'keyword.operator.boolean.mdq' },
        { match: '!', name: 'keyword.operator.boolean.mdq' },
        { match: '[+-]', name: 'keyword.operator.prefix.mdq' },
        { match: r`~${WP}*|\^(?:\d+(?:\.\d+)?)?`, name: 'keyword.operator.modifier.mdq' },
      ],
    },
    matchAll: {
      match: r`(\*)(\s*)(:)(\s*)(\*)${NOT_WP}`,
      captures: {
        1: { name: 'string.unquoted.wildcard.mdq' },
        3: { name: 'punctuation.separator.field.mdq' },
        5: { name: 'string.unquoted.wildcard.mdq' },
      },
    },
    field: {
      comment:
        'A name before `:` (spaces allowed); right after a `:` or a relation there is none (`a:b:c`)',
      match: r`(?<![:<>=]|[<>=][+-])(${WP}+)(\s*)(:)(?:(\s*)([<>]=?))?`,
      captures: {
        1: escaped('variable.other.field.mdq'),
        3: { name: 'punctuation.separator.field.mdq' },
        5: { name: 'keyword.operator.relation.mdq' },
      },
    },
    regex: {
      comment: 'A backslash escapes only `/`; an unclosed regex runs to the end',
      match: r`/(?:\\/|[^/])*(?:/|$)`,
      name: 'string.regexp.mdq',
    },
    phrase: {
      begin: '"',
      end: '"|(?=^\\s*$)',
      name: 'string.quoted.double.mdq',
      patterns: [{ include: '#escape' }],
    },
    group: {
      begin: r`\(`,
      end: r`\)|(?=^\s*$)`,
      beginCaptures: { 0: { name: 'punctuation.section.group.begin.mdq' } },
      endCaptures: { 0: { name: 'punctuation.section.group.end.mdq' } },
      patterns: [{ include: '#groupClause' }],
    },
    value: {
      patterns: [
        { match: r`${DATE}${NOT_WP}`, name: 'constant.other.date.mdq' },
        {
          match: r`(\\[+-])?${NUMBER}${NOT_WP}`,
          name: 'constant.numeric.mdq',
          captures: { 1: { name: 'constant.character.escape.mdq' } },
        },
        {
          match: r`${WP}*(?<!\\)[*?]${WP}*`,
          name: 'string.unquoted.wildcard.mdq',
          captures: { 0: { patterns: [{ include: '#escape' }] } },
        },
        {
          match: r`${WP}+`,
          name: 'string.unquoted.mdq',
          captures: { 0: { patterns: [{ include: '#escape' }] } },
        },
      ],
    },
    stray: {
      comment: 'A closer without its opener, a `:` without a name, a backslash at the end',
      match: r`[)\]}:]|\\$`,
      name: 'invalid.illegal.mdq',
    },
  },
};
const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'syntaxes', 'mdq.tmLanguage.json');
const text = `${JSON.stringify(grammar, null, 2)}\n`;
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== text) {
    console.error(`${file} is not what editors/vscode/scripts/grammar.mjs writes: run it`);
    process.exit(1);
  }
} else {
  writeFileSync(file, text);
}
