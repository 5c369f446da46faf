/**
 * Identifiers shaped like the service's: a 17-digit timestamp (yyyyMMddHHmmssSSS)
 * followed by 30 hex digits, 47 characters in all. Deterministic, so the example
 * tenant is the same on every run.
 */
export function exampleId(timestamp: string, seed: string): string {
  let h = 2166136261;
  let hex = '';
  for (let round = 0; hex.length < 30; round++) {
    for (const ch of `${seed}#${round}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    hex += h.toString(16).padStart(8, '0');
  }
  return timestamp.padEnd(17, '0').slice(0, 17) + hex.slice(0, 30);
}
