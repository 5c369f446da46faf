/**
 * Identifiers shaped like the service's: a 17-digit timestamp (yyyyMMddHHmmssSSS)
 * followed by 30 hex digits, 47 characters in all. Deterministic, so the example
 * tenant is the same on every run.
 */
export function exampleId(timestamp: string, seed: string): string {
  let h = 2166136261;
  let hex = '';
  for (let round = 0; hex.length < 30; round++) {
    h = fnv1a(fnv1a(h, seed), `#${round}`);
    hex += h.toString(16).padStart(8, '0');
  }
  return timestamp.padEnd(17, '0').slice(0, 17) + hex.slice(0, 30);
}

/**
 * FNV-1a over `text`, one step per code point (its first UTF-16 unit), as
 * `for (const ch of text)` reads it; by index, because the example tenant's module makes about
 * 90 ids when it runs and the string iterator made them a visible part of `import 'mdq'`. (The
 * build now ships the tenant's values as data, tsup.config.ts: dist/ runs none of this at import.)
 */
function fnv1a(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    h = Math.imul(h ^ unit, 16777619) >>> 0;
    // A surrogate pair is one code point: its low half is not a step of its own.
    if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return h;
}
