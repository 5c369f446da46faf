/**
 * How many bytes of answers may wait to be read at once, and which answer gets the room.
 * A plain sum under one budget was unfair: an answer larger than the whole budget had to go
 * when nothing else waited (or it could never be sent), and then every other answer, however
 * small, was refused with a 503 until that one was read or cut (30 s): one slow reader of one
 * large search answer shut everyone out. So the budget keeps a reserve, an eighth of it, that
 * large answers never take:
 *
 * - a small answer (at most the reserve) goes when the sum of all waiting answers stays within
 *   the budget;
 * - a large answer counts for at most the budget less the reserve (one larger than that is
 *   counted as that much, so it still goes, alone), and goes when the large answers waiting
 *   stay within the budget less the reserve and the sum within the budget.
 *
 * So large answers never hold more than the budget less the reserve, and a small answer is
 * refused only when small answers themselves fill the reserve (or, with no large one waiting,
 * the budget). Memory stays bounded as before: the budget, plus what one answer larger than
 * the budget exceeds it by.
 */

/** The room an answer holds in the budget, given back once it is sent or cut. */
export interface Room {
  readonly bytes: number;
  readonly large: boolean;
}

export class UnsentBudget {
  /** The most bytes a small answer may have; large answers never take this much of the budget. */
  readonly reserve: number;
  private total = 0;
  private largeTotal = 0;

  constructor(readonly maxBytes: number) {
    this.reserve = Math.floor(maxBytes / 8);
  }

  /** Counted bytes of the answers waiting, all and large ones. */
  get waiting(): { readonly total: number; readonly large: number } {
    return { total: this.total, large: this.largeTotal };
  }

  /** Room for an answer of `bytes`, or undefined when it must be refused now. */
  take(bytes: number): Room | undefined {
    if (bytes <= this.reserve) {
      if (this.total + bytes > this.maxBytes) return undefined;
      return this.hold({ bytes, large: false });
    }
    const largeLimit = this.maxBytes - this.reserve;
    const counted = Math.min(bytes, largeLimit);
    if (this.largeTotal + counted > largeLimit || this.total + counted > this.maxBytes)
      return undefined;
    return this.hold({ bytes: counted, large: true });
  }

  /** Room whatever the budget says: for the short 503 that replaces a refused answer. */
  force(bytes: number): Room {
    return this.hold({ bytes, large: false });
  }

  give(room: Room): void {
    this.total -= room.bytes;
    if (room.large) this.largeTotal -= room.bytes;
  }

  private hold(room: Room): Room {
    this.total += room.bytes;
    if (room.large) this.largeTotal += room.bytes;
    return room;
  }
}
