/**
 * The answers being sent. `end()` hands a whole answer to its socket at once, and what a client
 * does not take stays in the emulator's memory for as long as the connection lives: a
 * `size=10000` search is megabytes, so a few hundred clients that ask and never read would fill
 * the heap. Two bounds: an answer not handed to the operating system within the send timeout
 * has its connection reset (that frees it at once, the kernel's buffers included: a plain close
 * would wait for them to drain into a window that never opens), and past a budget of unsent
 * bytes over all connections an answer is replaced by a 503 with Retry-After (which answer
 * gets the room: unsent-budget.ts).
 */
import type { ServerResponse } from 'node:http';
import { UnsentBudget, type Room } from './unsent-budget.js';

export const DEFAULT_SEND_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_UNSENT_BYTES = 256 * 1024 * 1024;

export class Outbox {
  private readonly budget: UnsentBudget;

  constructor(
    readonly sendTimeoutMs: number,
    maxUnsentBytes: number,
  ) {
    this.budget = new UnsentBudget(maxUnsentBytes);
  }

  /** Room for an answer of `bytes`, or undefined when it must be refused now; hand it to `watch`. */
  take(bytes: number): Room | undefined {
    return this.budget.take(bytes);
  }

  /** Room for the short 503 that replaces a refused answer: it goes whatever the budget says. */
  force(bytes: number): Room {
    return this.budget.force(bytes);
  }

  /**
   * Watches `response`, just written within `room`: it holds the room until it is sent or its
   * connection goes, and its connection is reset (`onCut` first) when that takes longer than the send timeout.
   */
  watch(response: ServerResponse, room: Room, onCut: () => void): void {
    // The request's socket, not `response.socket`: an answer queued behind an earlier one on a pipelined connection has none yet.
    const connection = response.req.socket;
    if (response.writableFinished || connection.destroyed) {
      this.budget.give(room);
      return;
    }
    let done = false;
    // Runs once, whichever comes first. The timer always ends, so the bytes always come back, even for an
    // answer queued on a connection that closed (it hears neither 'finish' nor 'close').
    const settle = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      this.budget.give(room);
    };
    const timer = setTimeout(() => {
      settle();
      // Gone already (the answer ahead of this one was cut, or the client left): nothing more to free.
      if (connection.destroyed) return;
      onCut();
      connection.resetAndDestroy();
    }, this.sendTimeoutMs);
    // It only frees memory: it must not keep a process alive once the emulator is closed.
    timer.unref();
    // 'finish': the last byte is with the operating system; 'close': the connection went first. (No listener on
    // the socket itself: a kept-alive, pipelined connection carries many answers at once.)
    response.once('finish', settle);
    response.once('close', settle);
  }
}
