/**
 * Runs ```ts examples from Markdown. A line ending in `// => <JS string literal>`
 * asserts that the expression on that line evaluates to that string. Each block is
 * transpiled to CommonJS and run with `mdq` and its parts bound to the source tree, so the docs
 * cannot drift from the code.
 */
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { expect } from 'vitest';
import * as builder from '../../src/builder/index.js';
import * as completion from '../../src/completion/index.js';
import * as evaluator from '../../src/evaluator/index.js';
import * as examples from '../../src/examples/index.js';
import * as mdq from '../../src/index.js';

/** What an example may import and run in-process: the root and its browser-safe parts, from the source tree. */
export const RUNNABLE: Readonly<Record<string, object>> = {
  mdq,
  'mdq/builder': builder,
  'mdq/completion': completion,
  'mdq/evaluator': evaluator,
  'mdq/examples': examples,
};

/** The ```ts blocks of a Markdown text, with the heading of the section each sits in. */
export function codeBlocks(markdown: string): { heading: string; code: string }[] {
  const blocks: { heading: string; code: string }[] = [];
  let heading = '';
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^#{1,6} /.test(line)) heading = line.replace(/^#+ /, '');
    if (line === '```ts' || line === '```typescript') {
      const start = i + 1;
      while (i + 1 < lines.length && lines[++i] !== '```');
      blocks.push({ heading, code: lines.slice(start, i).join('\n') });
    }
  }
  return blocks;
}

const ASSERTION = /^(?<code>.*?);?\s*\/\/ => (?<expected>'(?:[^'\\]|\\.)*')\s*$/;

/** Rewrites `expr; // => 'text'` lines into checks; returns the code and how many checks it holds. */
function instrument(block: string): { code: string; checks: number } {
  let checks = 0;
  const code = block
    .split('\n')
    .map((line) => {
      const m = ASSERTION.exec(line);
      if (m === null) return line;
      checks++;
      const { code, expected } = m.groups as { code: string; expected: string };
      return `__check(${code}, ${expected}, ${JSON.stringify(code.trim())});`;
    })
    .join('\n');
  return { code, checks };
}

/** The packages an example imports (`'mdq'`, `'mdq/client'`, ...). */
export function importsOf(block: string): string[] {
  return [...block.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]!);
}

const root = join(__dirname, '..', '..');

/**
 * Type-checks examples as a user's project would: `tsc --strict` (ES modules, bundler
 * resolution, the DOM and Node's types), each example its own module, `mdq` and its
 * subpaths resolved to src/. Returns the errors as `name(line): TSxxxx message`.
 */
export function typeCheck(examples: readonly { name: string; code: string }[]): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    skipLibCheck: true,
    paths: {
      mdq: [join(root, 'src', 'index.ts')],
      'mdq/*': [join(root, 'src', '*', 'index.ts')],
    },
  };
  // Virtual files beside the sources, so node_modules resolves as for the repository's own code.
  const files = new Map(
    examples.map((e) => [join(root, 'docs', `${e.name}.example.ts`), `${e.code}\nexport {};\n`]),
  );
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    const text = files.get(name);
    return text === undefined
      ? getSourceFile.call(host, name, language, ...rest)
      : ts.createSourceFile(name, text, language, true);
  };
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
  host.readFile = (name) => files.get(name) ?? readFile.call(host, name);
  const program = ts.createProgram([...files.keys()], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.category === ts.DiagnosticCategory.Error)
    .map((d) => {
      const where = d.file
        ? `${d.file.fileName.slice(dirname(d.file.fileName).length + 1).replace(/\.example\.ts$/, '')}(${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1})`
        : 'options';
      return `${where}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
}

/** Runs one example; returns how many `// =>` assertions it checked. */
export function runExample(block: string): number {
  const { code, checks } = instrument(block);
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    reportDiagnostics: true,
  });
  expect(js.diagnostics ?? []).toEqual([]);
  const check = (actual: unknown, expected: string, source: string) =>
    expect(actual, source).toBe(expected);
  const require = (name: string) => {
    const module = RUNNABLE[name];
    if (module === undefined)
      throw new Error(
        `README examples import only ${Object.keys(RUNNABLE).join(', ')}, not '${name}'`,
      );
    return module;
  };
  new Function('exports', 'require', '__check', js.outputText)({}, require, check);
  return checks;
}

/** A terminal session in a ```text block: `$ mdq ...` lines, each followed by what it prints. */
export interface Transcript {
  readonly heading: string;
  readonly steps: readonly { readonly command: string; readonly output: string }[];
}

/**
 * The ```text blocks (or those of another language: ```console holds sessions that need a
 * running server) holding `$ ` prompts (transcripts), split into commands and their output.
 */
export function transcripts(markdown: string, fence = 'text'): Transcript[] {
  const result: Transcript[] = [];
  let heading = '';
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (/^#{1,6} /.test(lines[i]!)) heading = lines[i]!.replace(/^#+ /, '');
    if (!lines[i]!.startsWith('```')) continue;
    const language = lines[i]!.slice(3);
    const start = i + 1;
    while (i + 1 < lines.length && lines[++i] !== '```');
    const body = lines.slice(start, i);
    // ```sh blocks may illustrate long-running commands (`$ mdq serve`); ```text transcripts are run.
    if (language !== fence || !body.some((l) => l.startsWith('$ '))) continue;
    const steps: { command: string; output: string }[] = [];
    for (const line of body) {
      if (line.startsWith('$ ')) steps.push({ command: line.slice(2), output: '' });
      else if (steps.length === 0)
        throw new Error(`a transcript under "${heading}" has output before its first $ command`);
      else steps[steps.length - 1]!.output += `${line}\n`;
    }
    result.push({ heading, steps });
  }
  return result;
}

/** Splits a command line as a POSIX shell does for the quoting README examples use: '...', "...", and backslashes. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new Error(`unterminated ' in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      word ??= '';
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === '\\' && '"\\$`'.includes(line[i + 1] ?? '')) i++;
        word += line[i];
      }
      if (i >= line.length) throw new Error(`unterminated " in: ${line}`);
    } else if (c === '\\') {
      word = (word ?? '') + (line[++i] ?? '');
    } else if ('|&;<>$`()'.includes(c)) {
      throw new Error(
        `README transcripts run plain mdq commands, not shell syntax ('${c}'): ${line}`,
      );
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}
