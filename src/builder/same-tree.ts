/** Structural equality of two trees, ignoring spans: the builder's round-trip law. */
import type { Node } from '../language/ast.js';

export function sameTree(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameTree(item, other[i]));
  }
  const keysA = Object.keys(a).filter((k) => k !== 'span');
  const keysB = Object.keys(b).filter((k) => k !== 'span');
  if (keysA.length !== keysB.length) return false;
  const recordB = b as Record<string, unknown>;
  return keysA.every(
    (key) =>
      Object.hasOwn(recordB, key) && sameTree((a as Record<string, unknown>)[key], recordB[key]),
  );
}

/** A copy of `node` without spans, for readable test failures. */
export function withoutSpans<T extends Node | null>(node: T): unknown {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'span')
        .map(([key, v]) => [key, strip(v)]),
    );
  };
  return strip(node);
}
