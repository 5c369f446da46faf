/** The part of pg-copy-streams (no types of its own) that bench/engines-seed.mts uses. */
declare module 'pg-copy-streams' {
  import type { Writable } from 'node:stream';
  import type { Submittable } from 'pg';
  /** `COPY ... FROM STDIN` as a writable stream, for `client.query`. */
  export function from(text: string): Writable & Submittable;
}
