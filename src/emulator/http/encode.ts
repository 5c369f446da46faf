/** A reply as the bytes and headers that go on the wire. */
import { json, type Reply } from './reply.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

export interface Encoded {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer | undefined;
}

/** The 400 of an answer too large to be one JSON text (over V8's longest string, about 512 MiB). */
const TOO_LARGE = json(400, {
  message:
    'the answer is too large to send: its JSON would pass 512 MiB; ask for fewer hits (size) or narrow the query',
});

/**
 * The reply's status, headers and body; `closing` adds `Connection: close` (the emulator is stopping, so a
 * kept-alive connection must not carry another request). A search asking for thousands of hits of a
 * megabyte each would pass V8's longest string: that was a 500 "internal error"; the client can ask for less.
 */
export function encodeReply(reply: Reply, closing: boolean): Encoded {
  const headers: Record<string, string> = { ...reply.headers };
  if (closing) headers.Connection = 'close';
  let body: Buffer | undefined;
  if (Buffer.isBuffer(reply.body)) body = reply.body;
  else if (reply.body !== undefined) {
    let text: string;
    try {
      text = JSON.stringify(reply.body);
    } catch (e) {
      if (!(e instanceof RangeError) || reply === TOO_LARGE) throw e;
      return encodeReply(TOO_LARGE, closing);
    }
    body = Buffer.from(text, 'utf8');
    headers['Content-Type'] ??= JSON_TYPE;
  }
  if (body !== undefined) headers['Content-Length'] = String(body.length);
  return { status: reply.status, headers, body };
}
