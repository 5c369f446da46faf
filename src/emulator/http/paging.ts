/**
 * `pageKey` paging: the key is opaque to clients (base64url of the list it belongs to
 * and the position of the next page); a key from another list, or a made-up one, is a 400.
 */
import { badRequest } from './reply.js';

export interface Page<T> {
  readonly items: readonly T[];
  readonly nextPageKey?: string;
}

/** The key of the page that starts at `offset` of the list `scope`. */
export function encode(scope: string, offset: number): string {
  return Buffer.from(JSON.stringify({ s: scope, o: offset }), 'utf8').toString('base64url');
}

/** The position a key names; no key, or an empty one (`?pageKey=`, as the service notes write the first page), is the start. */
export function decode(key: string | null, scope: string): number {
  if (key === null || key === '') return 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(key, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const p = parsed as { s?: unknown; o?: unknown } | undefined;
  if (
    p === undefined ||
    p === null ||
    p.s !== scope ||
    !Number.isSafeInteger(p.o) ||
    (p.o as number) < 0
  ) {
    throw badRequest(
      'invalid pageKey: pass the nextPageKey of the previous page of this same list, or no pageKey for the first page',
    );
  }
  return p.o as number;
}

/** One page of `items`; `scope` names the list so that keys cannot be used across lists. */
export function page<T>(
  items: readonly T[],
  pageKey: string | null,
  pageSize: number,
  scope: string,
): Page<T> {
  const offset = decode(pageKey, scope);
  const end = offset + pageSize;
  const slice = items.slice(offset, end);
  return end < items.length ? { items: slice, nextPageKey: encode(scope, end) } : { items: slice };
}

/**
 * One page of the items `shown` keeps, with keys that are positions in `items` itself:
 * for a list that only grows at its end and hides what it removes (soft-deleted data
 * objects), a key stays valid while items are removed and added. An offset into the
 * shown items would skip one for every item removed before it: a client deleting what
 * it pages through would skip half of the list.
 */
export function stablePage<T>(
  items: readonly T[],
  shown: (item: T) => boolean,
  pageKey: string | null,
  pageSize: number,
  scope: string,
): Page<T> {
  let at = decode(pageKey, scope);
  const slice: T[] = [];
  for (; at < items.length && slice.length < pageSize; at++)
    if (shown(items[at]!)) slice.push(items[at]!);
  // Another page only when something is left to show on it.
  while (at < items.length && !shown(items[at]!)) at++;
  return at < items.length ? { items: slice, nextPageKey: encode(scope, at) } : { items: slice };
}
