/**
 * A client that stops reading: `end()` hands the whole answer to its socket at once, and what
 * the client does not take stays in the emulator's memory for as long as the connection lives.
 * A `size=10000` search is megabytes, so a few hundred such clients would fill the heap. An
 * answer not handed to the operating system within the send timeout has its connection reset:
 * that frees the answer at once, the kernel's buffers included (a plain close would wait for
 * them to drain into a window that never opens).
 */
import type { ServerResponse } from 'node:http';

export const DEFAULT_SEND_TIMEOUT_MS = 30_000;

/** Resets the connection of `response` unless all of it is sent within `ms`; `onCut` runs first. */
export function cutUnlessSentWithin(response: ServerResponse, ms: number, onCut: () => void): void {
  // The request's socket, not `response.socket`: an answer queued behind an earlier one on a pipelined connection has none yet.
  const connection = response.req.socket;
  if (response.writableFinished || connection.destroyed) return;
  const timer = setTimeout(() => {
    // Gone already (the answer ahead of this one was cut, or the client left): nothing to free here.
    if (connection.destroyed) return;
    onCut();
    connection.resetAndDestroy();
  }, ms);
  // 'finish': the last byte is with the operating system; 'close': the connection went first. (No listener on
  // the socket itself: a kept-alive, pipelined connection carries many answers at once.)
  const done = () => clearTimeout(timer);
  response.once('finish', done);
  response.once('close', done);
}
