/** `settingsOf`: every option of `startEmulator` checked before anything starts, with its default. */
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { EmulatorOptionError, settingsOf } from '../../src/emulator/settings.js';
import type { EmulatorOptions } from '../../src/emulator/types.js';

const INTEGER_OPTIONS = [
  'port',
  'pageSize',
  'dataObjectPageSize',
  'maxResultWindow',
  'maxQueryClauses',
  'maxQueryMs',
  'maxQueuedSearches',
  'maxSearchWaitMs',
  'maxBodyBytes',
  'maxUploadBytes',
  'shutdownGraceMs',
  'sendTimeoutMs',
  'maxUnsentBytes',
  'compactAfterBytes',
  'seed',
] as const;

function rejection(options: EmulatorOptions): EmulatorOptionError {
  try {
    settingsOf(options);
  } catch (e) {
    expect(e).toBeInstanceOf(EmulatorOptionError);
    return e as EmulatorOptionError;
  }
  throw new Error(`accepted ${JSON.stringify(options)}`);
}

describe('settingsOf', () => {
  it('fills in the documented defaults', () => {
    expect(settingsOf({})).toMatchObject({
      port: 0,
      tokenTtlSeconds: 3600,
      pageSize: 2,
      dataObjectPageSize: 100,
      maxResultWindow: 10_000,
      maxQueryClauses: 1024,
      maxQueryMs: 10_000,
      maxQueuedSearches: 64,
      maxSearchWaitMs: 1000,
      maxBodyBytes: 1024 * 1024,
      maxUploadBytes: 64 * 1024 * 1024,
      shutdownGraceMs: 5000,
      sendTimeoutMs: 30_000,
      maxUnsentBytes: 256 * 1024 * 1024,
      compactAfterBytes: 4 * 1024 * 1024,
      bareArrayBusinessAreas: false,
    });
  });

  it('rejects every integer option that is not a safe integer, naming it', () => {
    for (const option of INTEGER_OPTIONS) {
      for (const bad of [
        Number.NaN,
        Number.POSITIVE_INFINITY,
        -1,
        1.5,
        2 ** 53,
        '8' as unknown as number,
      ]) {
        const error = rejection({ [option]: bad });
        expect(error.option, `${option}: ${bad}`).toBe(option);
        expect(error.message).toMatch(new RegExp(`^${option} must be an integer`));
        expect(error).toBeInstanceOf(RangeError);
      }
    }
  });

  it('keeps each option within its range and takes its bounds', () => {
    expect(rejection({ port: 65_536 }).option).toBe('port');
    expect(settingsOf({ port: 65_535 }).port).toBe(65_535);
    expect(rejection({ sendTimeoutMs: 2 ** 31 }).message).toMatch(/between 1 and 2147483647/);
    expect(settingsOf({ sendTimeoutMs: 2 ** 31 - 1 }).sendTimeoutMs).toBe(2 ** 31 - 1);
    expect(rejection({ shutdownGraceMs: 600_001 }).option).toBe('shutdownGraceMs');
    expect(settingsOf({ shutdownGraceMs: 0 }).shutdownGraceMs).toBe(0);
    expect(rejection({ compactAfterBytes: 0 }).option).toBe('compactAfterBytes');
    for (const ttl of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(rejection({ tokenTtlSeconds: ttl }).option).toBe('tokenTtlSeconds');
    expect(settingsOf({ tokenTtlSeconds: 0.5 }).tokenTtlSeconds).toBe(0.5);
  });

  it('sizes the upload budget by the largest body', () => {
    expect(settingsOf({ maxBodyBytes: 100 * 1024 * 1024 }).maxUploadBytes).toBe(100 * 1024 * 1024);
    expect(rejection({ maxBodyBytes: 2000, maxUploadBytes: 1000 }).message).toBe(
      'maxUploadBytes (1000) must be at least maxBodyBytes (2000): no body that large could ever be received',
    );
  });

  it('is what startEmulator runs by: a bad option rejects before a port or a folder is taken', async () => {
    await expect(
      startEmulator({ compactAfterBytes: Number.NaN, dataDir: '/proc/mdq-never-made' }),
    ).rejects.toBeInstanceOf(EmulatorOptionError);
    await expect(startEmulator({ port: 70_000 })).rejects.toThrow(
      /^port must be an integer between 0 and 65535, not 70000$/,
    );
  });
});
