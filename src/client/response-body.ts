/**
 * Reading an answer's body with a bound on its size. `response.text()` holds whatever
 * arrives: a service (or something in front of it) that streams without end would fill
 * the memory before the timeout. A body declared or found larger than the bound is
 * dropped, its connection cancelled, and reported as `TooLarge`.
 */

/** Bytes of an answer's body, by default: far above any page of hits the service sends (at most 1 000 of them). */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** Thrown by `readBody` when the body is over the bound; the transport turns it into a `ServiceError`. */
export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the answer's body is larger than ${limit} bytes`);
    this.name = 'TooLarge';
  }
}

/** The body of `response` as text (UTF-8), at most `limit` bytes of it, or `TooLarge`. */
export async function readBody(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw new TooLarge(limit);
  }
  const body = response.body;
  if (body === null || typeof body.getReader !== 'function') {
    // A `fetch` passed in may answer without a stream: its text is all there already.
    const text = await response.text();
    if (text.length > limit) throw new TooLarge(limit);
    return text;
  }
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new TooLarge(limit);
    }
    text += decoder.decode(value, { stream: true });
  }
}
