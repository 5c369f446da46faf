/**
 * Ranking of mixed candidates (fields, values, keywords) against what is typed:
 * inactive fields last, then by match tier (exact, prefix, word starts, substring,
 * typo), then ordinary before metadata fields, then the tier's score, then the order
 * in which they were considered. The result's items carry their rank as `sortText`.
 *
 * Each match is packed into one number (the sort key above, then its index), so the
 * matches sort as a typed array of numbers: no objects per match, no comparator calls.
 */
import { rankText } from '../catalog.js';
import { match, Tier, type Candidate, type Match, type Typed } from '../fuzzy.js';
import type { CompletionItem } from '../types.js';

const scratch: Match = { tier: Tier.None, score: 0 };

/** The items considered since `resetRanking` that matched, in the order considered. */
let matched: CompletionItem[] = [];
let keys = /* @__PURE__ */ new Float64Array(256);
let used = 0;

const INDEX = 2 ** 16;
const SCORE = 2 ** 16;

export function resetRanking(): void {
  used = 0;
}

/**
 * Adds `item` when `typed` matches one of its names; the best match counts. `last` is 1
 * for inactive fields, `group` 1 for metadata fields.
 */
export function consider(
  typed: Typed,
  names: readonly Candidate[],
  last: number,
  group: number,
  item: CompletionItem,
): void {
  let tier = Tier.None;
  let score = 0;
  for (let i = 0; i < names.length; i++) {
    if (
      match(typed, names[i]!, scratch) &&
      (scratch.tier < tier || (scratch.tier === tier && scratch.score < score))
    ) {
      tier = scratch.tier;
      score = scratch.score;
    }
  }
  if (tier === Tier.None || used >= INDEX) return;
  if (used === keys.length) {
    const grown = new Float64Array(keys.length * 2);
    grown.set(keys);
    keys = grown;
  }
  const rank = ((last * 8 + tier) * 2 + group) * SCORE + Math.min(score, SCORE - 1);
  keys[used] = rank * INDEX + used;
  matched[used] = item;
  used++;
}

/** The candidates considered since `resetRanking`, best first, at most `max`, as items ranked in that order. */
export function rankedItems(max: number): CompletionItem[] {
  const order = keys.subarray(0, used).sort();
  const n = Math.min(used, max);
  const items: CompletionItem[] = new Array<CompletionItem>(n);
  for (let rank = 0; rank < n; rank++)
    items[rank] = { ...matched[order[rank]! % INDEX]!, sortText: rankText(rank) };
  // Let go of the items: the list may hold a schema's worth.
  if (matched.length > 1024) matched = [];
  else matched.fill(undefined as unknown as CompletionItem, 0, used);
  used = 0;
  return items;
}
