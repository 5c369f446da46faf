/**
 * One budget in bytes for the words of every array `filter` keeps (full-text-table.ts),
 * as the analysis cache has one (record-texts.ts): a table is at most MAX_CHARS, but one
 * per array met twice had no bound in all (an emulator with many large datasets). Words
 * that do not fit let go of the oldest kept ones; words larger than the whole budget are
 * not kept (their records are tested one by one, which answers the same).
 */

/** What the kept words may hold by default, in estimated bytes. */
export const FULL_TEXT_BUDGET_BYTES = 256 * 1024 * 1024;

/** A table that keeps words and can let go of them. */
export interface WordsHolder {
  dropWords(): void;
}

let budget = FULL_TEXT_BUDGET_BYTES;
let held = 0;
/** Holders of kept words and their bytes, oldest first; a holder collected since is counted until the next sweep. */
let ledger = new Map<WeakRef<WordsHolder>, number>();

/** Whether `holder` may keep `bytes` of words; older holders let go of theirs to make room. */
export function admitWords(holder: WordsHolder, bytes: number): boolean {
  if (bytes > budget) return false;
  if (held + bytes > budget) {
    for (const [ref, size] of ledger)
      if (ref.deref() === undefined) {
        ledger.delete(ref);
        held -= size;
      }
    for (const [ref, size] of ledger) {
      if (held + bytes <= budget) break;
      ledger.delete(ref);
      held -= size;
      ref.deref()?.dropWords();
    }
  }
  ledger.set(new WeakRef(holder), bytes);
  held += bytes;
  return true;
}

/** Sets the budget in bytes (tests); every holder lets go of its words. Returns the previous budget. */
export function setFullTextBudget(bytes: number): number {
  const previous = budget;
  budget = bytes;
  for (const ref of ledger.keys()) ref.deref()?.dropWords();
  ledger = new Map();
  held = 0;
  return previous;
}

/** Estimated bytes of words kept now (holders collected since the last sweep included). */
export function fullTextBytes(): number {
  return held;
}
