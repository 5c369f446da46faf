/**
 * Issue 9, item 20: a `Date` stands for its local calendar date. `new Date(2024, 0, 1)` is
 * 2024-01-01 east and west of UTC, where its UTC day differs. Each zone runs in a child
 * process with TZ set before any Date exists (the zone of a running process is fixed).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const script = join(__dirname, 'fixtures', 'dates-in-zone.ts');

function inZone(tz: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, TZ: tz },
  });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Record<string, string | number>;
}

describe('Dates in two time zones', () => {
  it.each([
    ['Asia/Tokyo', -540, '2023-12-31'],
    ['America/Los_Angeles', 480, '2024-01-01'],
  ])(
    '%s: new Date(2024, 0, 1) is 2024-01-01, whatever its UTC day',
    (tz, offsetMinutes, utcDay) => {
      const r = inZone(tz);
      // The zone is really in effect: the offset and the UTC day are the zone's.
      expect(r.zone).toBe(tz);
      expect(r.offsetMinutes).toBe(offsetMinutes);
      expect(r.utcDay).toBe(utcDay);
      expect(r.between).toBe('Created:[2024-01-01 TO *]');
      expect(r.lateEvening).toBe('Day:2024-01-15');
      expect(r.earlyMorning).toBe('[Day] ge "2024-06-01"');
    },
    60_000,
  );
});
