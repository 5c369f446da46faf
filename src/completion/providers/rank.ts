/**
 * Ranking of mixed candidates (fields, values, keywords) against what is typed:
 * inactive fields last, then by match tier (exact, prefix, word starts, substring,
 * typo), then ordinary before metadata fields, then the tier's score, then the
 * order given. The result's items carry their rank as `sortText`.
 */
import { fieldItem, rankText, type FieldEntry } from '../catalog.js';
import type { FieldNameForm } from '../cursor-context.js';
import { match, Tier, type Candidate, type Match, type Typed } from '../fuzzy.js';
import type { CompletionItem } from '../types.js';

export interface Ranked {
  /** 1 for inactive fields, which always come last. */
  last: number;
  tier: Tier;
  /** 1 for metadata fields, which come after schema fields of the same tier. */
  group: number;
  score: number;
  order: number;
  /** The item, or the field to make it from (field items are made only for the matches kept). */
  item: CompletionItem | undefined;
  entry: FieldEntry | undefined;
  form: FieldNameForm;
}

const scratch: Match = { tier: Tier.None, score: 0 };

/** Scratch list reused between calls (a call sorts and drains it before returning). */
const pool: Ranked[] = [];
let used = 0;

export function resetRanking(): void {
  used = 0;
}

/** Adds a candidate when `typed` matches one of its names; the best match counts. */
export function consider(
  typed: Typed,
  names: readonly Candidate[],
  last: number,
  group: number,
  order: number,
  item: CompletionItem | undefined,
  entry?: FieldEntry,
  form: FieldNameForm = 'clause',
): void {
  let tier = Tier.None;
  let score = 0;
  for (let i = 0; i < names.length; i++) {
    if (match(typed, names[i]!, scratch) && (scratch.tier < tier || (scratch.tier === tier && scratch.score < score))) {
      tier = scratch.tier;
      score = scratch.score;
    }
  }
  if (tier === Tier.None) return;
  let slot = pool[used];
  if (slot === undefined) {
    slot = { last, tier, group, score, order, item, entry, form };
    pool.push(slot);
  } else {
    slot.last = last;
    slot.tier = tier;
    slot.group = group;
    slot.score = score;
    slot.order = order;
    slot.item = item;
    slot.entry = entry;
    slot.form = form;
  }
  used++;
}

function compare(a: Ranked, b: Ranked): number {
  return a.last - b.last || a.tier - b.tier || a.group - b.group || a.score - b.score || a.order - b.order;
}

/** The candidates considered since `resetRanking`, best first, at most `max`, as items ranked in that order. */
export function rankedItems(max: number): CompletionItem[] {
  const considered = pool.slice(0, used);
  considered.sort(compare);
  const n = Math.min(considered.length, max);
  const items: CompletionItem[] = new Array<CompletionItem>(n);
  for (let rank = 0; rank < n; rank++) {
    const r = considered[rank]!;
    items[rank] = r.entry !== undefined ? fieldItem(r.entry, r.form, rank) : { ...r.item!, sortText: rankText(rank) };
  }
  for (let i = 0; i < used; i++) {
    pool[i]!.item = undefined;
    pool[i]!.entry = undefined;
  }
  used = 0;
  return items;
}
