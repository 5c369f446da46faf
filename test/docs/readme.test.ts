/**
 * Every ```ts example of README.md and docs/*.md type-checks under `tsc --strict`, and those
 * that import only `mdq` and its browser-safe parts (mdq/builder, mdq/completion, mdq/evaluator,
 * mdq/examples) run with their `// => '...'` assertions holding; every transcript
 * prints what it shows (see support/readme-examples.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runInTerminal } from '../support/cli.js';
import {
  codeBlocks,
  importsOf,
  RUNNABLE,
  runExample,
  shellWords,
  transcripts,
  typeCheck,
  type Transcript,
} from '../support/readme-examples.js';

const root = new URL('../../', import.meta.url);
const documents = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const read = (doc: string) => readFileSync(new URL(doc, root), 'utf8');
const examples = documents.flatMap((doc) =>
  codeBlocks(read(doc)).map((b, i) => ({ doc, name: `${doc.replace(/\W/g, '-')}-${i + 1}`, ...b })),
);
const runnable = examples.filter((e) => importsOf(e.code).every((name) => name in RUNNABLE));

describe('README and guide examples', () => {
  it('the harness catches a wrong assertion', () => {
    expect(() =>
      runExample(
        "import { format } from 'mdq';\nimport { term } from 'mdq/builder';\nformat(term('a')); // => 'b'",
      ),
    ).toThrow(/expected 'a' to be 'b'/);
  });

  // One program for every example and a wrong one, which proves the check can fail.
  let errors: string[] | undefined;
  const checked = () => {
    errors ??= typeCheck([
      ...examples,
      { name: 'bad', code: "import { parse } from 'mdq';\nconst n: number = parse('a');" },
    ]);
    return errors;
  };

  it('the type check catches an example that fails tsc --strict', () => {
    expect(checked().filter((e) => e.startsWith('bad('))).toEqual([
      expect.stringMatching(/^bad\(2\): TS2322 /),
    ]);
  }, 300_000);

  it('README shows one example per use, and each guide of the API has examples', () => {
    const headingsOf = (doc: string) =>
      new Set(examples.filter((e) => e.doc === doc).map((e) => e.heading));
    expect(headingsOf('README.md')).toEqual(new Set(['One example per use']));
    expect(examples.filter((e) => e.doc === 'README.md').length).toBeGreaterThanOrEqual(5);
    for (const guide of [
      'language',
      'checking-and-fixing',
      'building',
      'evaluating',
      'completion-and-editors',
      'client',
      'emulator',
    ])
      expect(headingsOf(`docs/${guide}.md`).size, guide).toBeGreaterThan(0);
  });

  it('every example type-checks under tsc --strict', () => {
    expect(checked().filter((e) => !e.startsWith('bad('))).toEqual([]);
  }, 300_000);

  it.each(runnable.map((e) => [`${e.name} (${e.heading})`, e.code] as const))(
    'example %s runs and its assertions hold',
    (_, code) => {
      expect(runExample(code)).toBeGreaterThan(0);
    },
  );
});

const sessions = documents.flatMap((doc) => transcripts(read(doc)));
/** Runs a transcript in-process: each `$ mdq ...` must print exactly what follows it; `$ echo $?` shows the last exit code. */
async function replay(steps: Transcript['steps']): Promise<void> {
  let code: number | undefined;
  for (const { command, output } of steps) {
    if (command === 'echo $?') {
      expect(code, 'echo $? before any mdq command').toBeDefined();
      expect(`${code}\n`, command).toBe(output);
      continue;
    }
    const [program, ...args] = shellWords(command);
    expect(program, `README transcripts run mdq only: ${command}`).toBe('mdq');
    const r = await runInTerminal(args);
    code = r.code;
    expect(r.shown, command).toBe(output);
  }
}

describe('README and guide command-line transcripts', () => {
  it('splits commands as a shell does', () => {
    expect(shellWords(`mdq lint 'Fist\\ Name:Tim' --example "a \\"b\\"" c\\ d`)).toEqual([
      'mdq',
      'lint',
      'Fist\\ Name:Tim',
      '--example',
      'a "b"',
      'c d',
    ]);
    expect(() => shellWords('mdq demo | head -1')).toThrow(/not shell syntax/);
  });

  it('the harness catches a wrong output and a wrong exit code', async () => {
    await expect(replay([{ command: "mdq fmt 'a and b'", output: 'a AND b\n' }])).rejects.toThrow();
    await expect(
      replay([
        { command: "mdq fmt 'a && b'", output: 'a AND b\n' },
        { command: 'echo $?', output: '1\n' },
      ]),
    ).rejects.toThrow();
    await replay([
      { command: "mdq fmt 'a && b'", output: 'a AND b\n' },
      { command: 'echo $?', output: '0\n' },
    ]);
  });

  it('there are transcripts for parse and lint', () => {
    const commands = sessions.flatMap((s) => s.steps.map((step) => step.command));
    expect(commands.some((c) => c.startsWith('mdq parse'))).toBe(true);
    expect(commands.some((c) => c.startsWith('mdq lint'))).toBe(true);
  });

  it.each(sessions.map((s, i) => [`${i + 1} (${s.heading})`, s.steps] as const))(
    'transcript %s prints what the document shows',
    async (_, steps) => {
      await replay(steps);
    },
  );
});
