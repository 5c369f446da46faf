/** Replies as bytes: JSON with its type and length, and an answer too large for one JSON text as a 400. */
import { describe, expect, it } from 'vitest';
import { encodeReply } from '../../../src/emulator/http/encode.js';
import { json } from '../../../src/emulator/http/reply.js';

describe('encodeReply', () => {
  it('writes JSON with its type and byte length, and Connection: close when stopping', () => {
    const encoded = encodeReply(json(200, { city: 'Köln' }, { 'Retry-After': '1' }), true);
    expect(encoded.body!.toString('utf8')).toBe('{"city":"Köln"}');
    expect(encoded.headers).toEqual({
      'Retry-After': '1',
      Connection: 'close',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': '16',
    });
  });

  it('answers 400 for an answer past the longest string V8 can make (a search for thousands of megabyte hits was a 500 "internal error")', () => {
    // What JSON.stringify throws past about 512 MiB, without building one in a test.
    const huge = {
      hits: [
        {
          toJSON: () => {
            throw new RangeError('Invalid string length');
          },
        },
      ],
    };
    const encoded = encodeReply(json(200, huge, { 'X-Other': '1' }), false);
    expect(encoded.status).toBe(400);
    expect(JSON.parse(encoded.body!.toString('utf8')).message).toMatch(
      /too large to send: .* ask for fewer hits \(size\)/,
    );
    expect(encoded.headers['X-Other']).toBeUndefined();
    // Any other failure is still the emulator's own (a 500 where the server catches it).
    expect(() =>
      encodeReply(
        json(200, {
          toJSON: () => {
            throw new TypeError('boom');
          },
        }),
        false,
      ),
    ).toThrow(TypeError);
  });
});
