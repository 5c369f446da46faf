/**
 * Admission control for searches: a bounded queue, served one search at a time with the
 * event loop free between two (new requests are read and queued, or refused, meanwhile).
 * A search that finds the queue full, or that waited in it longer than it may, is answered
 * 503 with Retry-After: under more load than the emulator can serve, clients are told to
 * come back instead of every answer growing later without bound (at 100 000 objects one
 * request waited 23.6 s at 200 connections).
 */
import { ApiError } from './reply.js';

export class Admission {
  private readonly queue: (() => void)[] = [];
  private scheduled = false;

  constructor(
    /** Most searches waiting at once. */
    private readonly maxQueued: number,
    /** Longest a search may wait for its turn, in milliseconds. */
    private readonly maxWaitMs: number,
  ) {}

  /** Runs `work` in its turn; rejects with a 503 ApiError when the queue is full or the turn came too late. */
  run<T>(work: () => T): Promise<T> {
    if (this.queue.length >= this.maxQueued)
      return Promise.reject(overloaded(`${this.maxQueued} searches are waiting already`));
    const queuedAt = performance.now();
    return new Promise<T>((resolve, reject) => {
      this.queue.push(() => {
        const waited = performance.now() - queuedAt;
        if (waited > this.maxWaitMs) {
          reject(overloaded(`this search waited ${Math.round(waited)} ms for its turn`));
          return;
        }
        try {
          resolve(work());
        } catch (e) {
          reject(e);
        }
      });
      this.pump();
    });
  }

  private pump(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate runs after the poll phase: requests that arrived during the last search are read first.
    setImmediate(() => {
      this.scheduled = false;
      this.queue.shift()?.();
      if (this.queue.length > 0) this.pump();
    });
  }
}

function overloaded(why: string): ApiError {
  return new ApiError(
    503,
    `the emulator is busy searching (${why}); send the search again after Retry-After`,
    {},
    { 'Retry-After': '1' },
  );
}
