/**
 * A data folder the emulator seeds once per test file, and fresh copies of it for each test
 * that damages or rewrites one; all removed after the file.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startEmulator } from '../../../src/emulator/index.js';

/** Registers the file's hooks; returns `copy`, which makes a fresh copy of the seeded folder. */
export function seededFolder(name: string, records: number, seed: number): () => string {
  let seeded = '';
  const folders: string[] = [];
  beforeAll(async () => {
    seeded = mkdtempSync(join(tmpdir(), `mdq-${name}-seed-`));
    await (await startEmulator({ port: 0, dataDir: seeded, records, seed })).close();
  });
  afterAll(() => {
    for (const dir of [seeded, ...folders]) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), `mdq-${name}-`));
    folders.push(dir);
    cpSync(seeded, dir, { recursive: true });
    return dir;
  };
}
