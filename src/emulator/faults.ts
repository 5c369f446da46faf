/**
 * Fault injection: per route, added latency, an error status (with `Retry-After`),
 * a dropped connection before or after the change, tokens expiring now. The dice are
 * seeded, so a failing test replays the same faults.
 */
import { seededRandom, type Random } from './random.js';
import type { FaultConfig, FaultRule } from './types.js';

const STATUSES = new Set([429, 500, 502, 503, 504]);
/** The longest latency a rule may add, and the most all matching rules together add. */
const MAX_LATENCY_MS = 600_000;

/** What the faults decided for one request. */
export interface FaultDecision {
  readonly latencyMs: number;
  readonly status?: number;
  readonly retryAfter?: string;
  readonly drop?: 'before' | 'after';
  readonly expireTokens: boolean;
}

const NONE: FaultDecision = { latencyMs: 0, expireTokens: false };

/** Checks a fault config (parsed JSON); the message names the first mistake. */
export function validateFaults(value: unknown): FaultConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('a fault config is an object { seed?, rules: [...] }');
  const config = value as Record<string, unknown>;
  if (config.seed !== undefined && !Number.isFinite(config.seed))
    throw new Error('seed must be a number');
  if (!Array.isArray(config.rules)) throw new Error('rules must be an array');
  config.rules.forEach((rule: unknown, i) => {
    const where = `rule ${i + 1}`;
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule))
      throw new Error(`${where} is not an object`);
    const r = rule as Record<string, unknown>;
    const known = new Set([
      'route',
      'latencyMs',
      'status',
      'retryAfter',
      'probability',
      'drop',
      'expireTokens',
      'times',
    ]);
    for (const key of Object.keys(r))
      if (!known.has(key)) throw new Error(`${where}: unknown property ${JSON.stringify(key)}`);
    if (r.route !== undefined && (typeof r.route !== 'string' || !/^\S+ \/\S*$/.test(r.route)))
      throw new Error(`${where}: route is "METHOD /path" (with * as a wildcard)`);
    if (
      r.latencyMs !== undefined &&
      !(typeof r.latencyMs === 'number' && r.latencyMs >= 0 && r.latencyMs <= MAX_LATENCY_MS)
    )
      throw new Error(`${where}: latencyMs must be between 0 and ${MAX_LATENCY_MS}`);
    if (r.status !== undefined && !STATUSES.has(r.status as number))
      throw new Error(`${where}: status must be one of ${[...STATUSES].join(', ')}`);
    // Checked here, not when sent: a value Node refuses as a header would turn every injected fault into a 500.
    if (
      r.retryAfter !== undefined &&
      !(Number.isSafeInteger(r.retryAfter) && (r.retryAfter as number) >= 0) &&
      !(typeof r.retryAfter === 'string' && /^[\x20-\x7e]{1,100}$/.test(r.retryAfter))
    ) {
      throw new Error(
        `${where}: retryAfter is whole seconds or an HTTP date (printable ASCII, one line)`,
      );
    }
    if (
      r.probability !== undefined &&
      !(typeof r.probability === 'number' && r.probability >= 0 && r.probability <= 1)
    )
      throw new Error(`${where}: probability must be between 0 and 1`);
    if (r.drop !== undefined && r.drop !== 'before' && r.drop !== 'after')
      throw new Error(`${where}: drop is "before" or "after"`);
    if (r.expireTokens !== undefined && typeof r.expireTokens !== 'boolean')
      throw new Error(`${where}: expireTokens is a boolean`);
    if (r.times !== undefined && !(Number.isSafeInteger(r.times) && (r.times as number) >= 0))
      throw new Error(`${where}: times must be a non-negative integer`);
  });
  return value as FaultConfig;
}

/**
 * A route's path glob as a matcher. Not a regular expression: `^.*a.*a...$` backtracks
 * polynomially (a rule with 8 stars held a request on a 2 000-character path for
 * minutes). The parts between stars are found left to right instead, the leftmost
 * occurrence each time (for `*`, the leftmost one never loses a match), so a path is
 * scanned about once per part.
 */
export function globMatcher(glob: string): (path: string) => boolean {
  const parts = glob.split('*');
  const first = parts[0]!;
  if (parts.length === 1) return (path) => path === first;
  const last = parts[parts.length - 1]!;
  const middle = parts.slice(1, -1).filter((part) => part !== '');
  return (path) => {
    if (path.length < first.length + last.length || !path.startsWith(first) || !path.endsWith(last))
      return false;
    let at = first.length;
    const end = path.length - last.length;
    for (const part of middle) {
      const found = path.indexOf(part, at);
      if (found < 0 || found + part.length > end) return false;
      at = found + part.length;
    }
    return true;
  };
}

function routePattern(route: string): { method: string; path: (path: string) => boolean } {
  const [method, path] = route.split(' ') as [string, string];
  return { method: method.toUpperCase(), path: globMatcher(path) };
}

interface ActiveRule {
  readonly rule: FaultRule;
  readonly method: string;
  readonly path: ((path: string) => boolean) | undefined;
  remaining: number;
}

export class Faults {
  private rules: ActiveRule[] = [];
  private random: Random = seededRandom(1);

  constructor(config?: FaultConfig | null) {
    this.set(config ?? null);
  }

  set(config: FaultConfig | null): void {
    const valid = config === null ? null : validateFaults(config);
    this.random = seededRandom(valid?.seed ?? 1);
    this.rules = (valid?.rules ?? []).map((rule) => {
      const pattern = rule.route === undefined ? undefined : routePattern(rule.route);
      return {
        rule,
        method: pattern?.method ?? '*',
        path: pattern?.path,
        remaining: rule.times ?? Infinity,
      };
    });
  }

  /** Rolls the dice for one request; every matching rule adds its latency, the first status or drop wins. */
  decide(method: string, path: string): FaultDecision {
    if (this.rules.length === 0) return NONE;
    let latencyMs = 0;
    let expireTokens = false;
    let status: number | undefined;
    let retryAfter: string | undefined;
    let drop: 'before' | 'after' | undefined;
    for (const active of this.rules) {
      if (active.remaining <= 0) continue;
      if (active.method !== '*' && active.method !== method) continue;
      if (active.path !== undefined && !active.path(path)) continue;
      const { rule } = active;
      if (this.random() >= (rule.probability ?? 1)) continue;
      active.remaining--;
      latencyMs += rule.latencyMs ?? 0;
      expireTokens ||= rule.expireTokens === true;
      if (status === undefined && drop === undefined) {
        if (rule.drop !== undefined) drop = rule.drop;
        else if (rule.status !== undefined) {
          status = rule.status;
          retryAfter = rule.retryAfter === undefined ? undefined : String(rule.retryAfter);
        }
      }
    }
    // At most one rule's maximum: a sum of many rules past 2^31 ms would make Node's timer fire after 1 ms instead.
    return {
      latencyMs: Math.min(latencyMs, MAX_LATENCY_MS),
      status,
      retryAfter,
      drop,
      expireTokens,
    };
  }
}
