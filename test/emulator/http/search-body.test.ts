/** A search's answer with each hit's JSON kept between answers: the same bytes and headers as encoding it fresh. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeReply } from '../../../src/emulator/http/encode.js';
import { json } from '../../../src/emulator/http/reply.js';
import { HitTexts, searchBody } from '../../../src/emulator/http/search-body.js';

const hitArb = fc.dictionary(
  fc.string(),
  fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string())),
);

function fresh(hits: object[], total: number, diagnostics: unknown[] | undefined) {
  return encodeReply(
    json(200, diagnostics === undefined ? { hits, total } : { hits, total, diagnostics }),
    false,
  );
}

describe('searchBody', () => {
  it('law: kept texts give the bytes and headers of a fresh encoding, across changes of the hits', () => {
    fc.assert(
      fc.property(
        fc.array(hitArb, { minLength: 1, maxLength: 8 }),
        fc.array(
          fc.record({
            change: fc.nat(),
            value: hitArb,
            page: fc.array(fc.nat(), { maxLength: 5 }),
            diagnostics: fc.option(fc.array(fc.record({ code: fc.string() }), { maxLength: 2 }), {
              nil: undefined,
            }),
          }),
          { maxLength: 10 },
        ),
        fc.integer({ min: 40, max: 400 }),
        (initial, steps, budget) => {
          const texts = new HitTexts(budget);
          // A store replaces a data object's hit on every change, as tenant-store.ts does.
          const hits: object[] = initial.map((h) => ({ ...h }));
          for (const step of steps) {
            hits[step.change % hits.length] = { ...step.value };
            const page = step.page.map((i) => hits[i % hits.length]!);
            const kept = encodeReply(searchBody(texts, page, page.length, step.diagnostics), false);
            const expected = fresh(page, page.length, step.diagnostics);
            expect(kept.body!.equals(expected.body!)).toBe(true);
            expect(kept.headers).toEqual(expected.headers);
            expect(Object.keys(kept.headers)).toEqual(Object.keys(expected.headers));
          }
        },
      ),
    );
  });

  it('keeps a hit text once and lets them go whole past its budget', () => {
    const texts = new HitTexts(20);
    const a = { id: 'aaaaaaa' }; // 14 characters of JSON
    const b = { id: 'b' };
    expect(texts.of(a)).toBe('{"id":"aaaaaaa"}');
    // A text kept is the same string, not a second encoding.
    expect(texts.of(a)).toBe(texts.of(a));
    expect(texts.of(b)).toBe('{"id":"b"}');
    const big = { id: 'x'.repeat(40) };
    expect(texts.of(big)).toBe(JSON.stringify(big));
    expect(texts.of(a)).toBe('{"id":"aaaaaaa"}');
  });

  it('an answer too long for one string falls back to the plain reply (encoded as the 400 that says so)', () => {
    const texts = {
      of: () => {
        throw new RangeError('Invalid string length');
      },
    } as unknown as HitTexts;
    const reply = searchBody(texts, [{ a: 1 }], 1, undefined);
    expect(Buffer.isBuffer(reply.body)).toBe(false);
    expect(reply.body).toEqual({ hits: [{ a: 1 }], total: 1 });
  });
});
