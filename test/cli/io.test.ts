/**
 * The command line's boundary with the process: standard output that fails (a reader
 * gone, a full disk), and text as it arrives from files and standard input (a byte
 * order mark, CRLF, bytes that are not UTF-8).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import {
  OutputClosed,
  OutputFailed,
  decodeText,
  processIo,
  stdinQueries,
  streamWriter,
  wantsColor,
} from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';
import { exampleSchemas } from '../../src/examples/index.js';
import { fakeIo } from '../support/cli.js';
import { cli } from '../emulator/child.js';

const STACK = /^\s+at /m;

/** A stream whose writes fail with this error code after `okWrites` writes. */
function failing(code: string, okWrites = 0) {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (written.length >= okWrites)
        return done(Object.assign(new Error(`${code}: the write failed, write`), { code }));
      written.push(chunk.toString());
      done();
    },
  });
  return { stream, written };
}

describe('standard output that fails', () => {
  it('a reader that went away (EPIPE) is OutputClosed: the command stops quietly', () => {
    const { stream } = failing('EPIPE');
    const write = streamWriter(stream);
    expect(() => write('a\n')).toThrow(OutputClosed);
    expect(() => write('b\n')).toThrow(OutputClosed);
  });

  it.each(['ENOSPC', 'EIO', 'EFBIG'])(
    'a write lost otherwise (%s) is OutputFailed, which names the reason',
    (code) => {
      const { stream, written } = failing(code, 1);
      const write = streamWriter(stream);
      write('kept\n');
      expect(() => write('lost\n')).toThrow(new OutputFailed(`${code}: the write failed, write`));
      expect(() => write('after\n')).toThrow(OutputFailed);
      expect(written).toEqual(['kept\n']);
    },
  );

  it('a full disk fails the command: exit 1 and one line on stderr, not exit 0 as if all was written', async () => {
    const { io, out } = fakeIo();
    let writes = 0;
    const code = await runCli(['fields', '--example'], {
      ...io,
      stdout: () => {
        if (++writes > 1) throw new OutputFailed('ENOSPC: no space left on device, write');
      },
    });
    expect(code).toBe(1);
    expect(out.stderr).toBe(
      'mdq fields: cannot write standard output (ENOSPC: no space left on device, write)\n',
    );
  });

  it('a reader that went away still ends with exit 0 and says nothing', async () => {
    const { io, out } = fakeIo();
    const code = await runCli(['fields', '--example'], {
      ...io,
      stdout: () => {
        throw new OutputClosed();
      },
    });
    expect(code).toBe(0);
    expect(out.stderr).toBe('');
  });
});

describe('standard output on a full disk, in a real process', () => {
  it.runIf(process.platform === 'linux')(
    'mdq fields --example > /dev/full: exit 1 and the reason, not exit 0',
    async () => {
      const { openSync, closeSync } = await import('node:fs');
      const full = openSync('/dev/full', 'w');
      try {
        const child = spawn(process.execPath, [cli(), 'fields', '--example'], {
          stdio: ['ignore', full, 'pipe'],
        });
        let stderr = '';
        child.stderr!.on('data', (chunk) => (stderr += chunk));
        expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(1);
        expect(stderr).toBe(
          'mdq fields: cannot write standard output (ENOSPC: no space left on device, write)\n',
        );
      } finally {
        closeSync(full);
      }
    },
    60_000,
  );
});

describe('standard input that is a directory, in a real process', () => {
  it('mdq parse --stdin < dir: a usage error that says so (Node reads a directory as no text: exit 0 and nothing)', async () => {
    const { openSync, closeSync } = await import('node:fs');
    const dir = mkdtempSync(join(tmpdir(), 'mdq-stdin-'));
    const stdin = openSync(dir, 'r');
    try {
      const child = spawn(process.execPath, [cli(), 'parse', '--stdin'], {
        stdio: [stdin, 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (chunk) => (stdout += chunk));
      child.stderr!.on('data', (chunk) => (stderr += chunk));
      expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe('mdq parse: standard input is a directory\n');
    } finally {
      closeSync(stdin);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('text in', () => {
  it('drops a leading byte order mark, keeps CRLF for stdinQueries to strip, and turns bytes that are not UTF-8 into U+FFFD', () => {
    const bom = [0xef, 0xbb, 0xbf];
    expect(decodeText(Uint8Array.from([...bom, ...Buffer.from('a:b\r\nc\r\n')]))).toBe(
      'a:b\r\nc\r\n',
    );
    expect(
      stdinQueries(decodeText(Uint8Array.from([...bom, ...Buffer.from('a:b\r\nc\r\n')]))),
    ).toEqual(['a:b', 'c']);
    expect(decodeText(Uint8Array.from([0x61, 0xff, 0xfe, 0x00, 0x62]))).toBe(
      'a\uFFFD\uFFFD\u0000b',
    );
    // Only the first: a mark inside the text is text.
    expect(decodeText(Uint8Array.from([...bom, 0x61, ...bom]))).toBe('a\uFEFF');
  });

  const dir = mkdtempSync(join(tmpdir(), 'mdq-io-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a schema file saved with a byte order mark (JSON.parse refused it: "Unexpected token")', async () => {
    const file = join(dir, 'customer.json');
    writeFileSync(file, `\uFEFF${JSON.stringify(exampleSchemas[0])}\r\n`);
    const text = await processIo().readFile(file);
    expect(JSON.parse(text)).toEqual(exampleSchemas[0]);
    const { io, out } = fakeIo();
    const code = await runCli(['lint', '[First Name] eq "Tim"', '--schema', file], {
      ...io,
      readFile: processIo().readFile,
    });
    expect(out.stderr).toBe('');
    expect(code).toBe(0);
  });

  it('reads standard input with a byte order mark and CRLF as the queries typed (the mark began the first field name)', async () => {
    const child = spawn(process.execPath, [cli(), 'lint', '--stdin', '--example'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.end(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('City:Berlin\r\nStatus:ACT\r\n'),
      ]),
    );
    expect(await exited).toBe(0);
    expect(stdout + stderr).not.toMatch(/unknown-field|\uFEFF/);
    expect(stderr).not.toMatch(STACK);
  }, 60_000);
});

describe('colour', () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ NO_COLOR: '1' }, true, false],
    [{ NO_COLOR: '' }, true, true],
    [{ TERM: 'dumb' }, true, false],
    [{ FORCE_COLOR: '1' }, false, true],
    [{ FORCE_COLOR: '' }, false, true],
    [{ FORCE_COLOR: '0' }, true, false],
    [{ FORCE_COLOR: 'false' }, true, false],
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
  ] as const)(
    '%j on a terminal: %s -> colour %s (TERM=dumb got escape codes, FORCE_COLOR was ignored)',
    (env, terminal, expected) => {
      expect(wantsColor(env, terminal)).toBe(expected);
    },
  );
});
