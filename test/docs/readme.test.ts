/** Every ```ts example of README.md runs, and its `// => '...'` assertions hold (see support/readme-examples.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runInTerminal } from '../support/cli.js';
import {
  codeBlocks,
  runExample,
  shellWords,
  transcripts,
  type Transcript,
} from '../support/readme-examples.js';

const blocks = codeBlocks(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));

describe('README examples', () => {
  it('the harness catches a wrong assertion', () => {
    expect(() =>
      runExample("import { format, term } from 'mdq';\nformat(term('a')); // => 'b'"),
    ).toThrow(/expected 'a' to be 'b'/);
  });

  it('covers every section with examples', () => {
    expect(new Set(blocks.map((b) => b.heading))).toEqual(
      new Set([
        'Quick start',
        'Parsing',
        'Formatting',
        'Walking the tree',
        'Checking queries against a schema',
        'Rules and codes',
        'Editors: LSP and CodeMirror',
        'Building queries in code',
        'Evaluating queries on records',
        'How a query matches',
        'Completion, hover and highlighting',
      ]),
    );
  });

  it.each(blocks.map((b, i) => [`${i + 1} (${b.heading})`, b.code] as const))(
    'example %s runs and its assertions hold',
    (_, code) => {
      expect(runExample(code)).toBeGreaterThan(0);
    },
  );
});

const sessions = transcripts(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));

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

describe('README command-line transcripts', () => {
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
    'transcript %s prints what the README shows',
    async (_, steps) => {
      await replay(steps);
    },
  );
});
