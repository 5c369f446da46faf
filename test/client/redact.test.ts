/**
 * The redactor: every secret added and every token held is scrubbed from any text, in
 * its plain and its JSON-escaped form, however many tokens come and go; a token let go
 * is forgotten after the next RECENT_TOKENS, so memory is bounded by the tokens in use.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECENT_TOKENS, REDACTED, createRedactor } from '../../src/client/redact.js';

// A small alphabet, so that secrets often contain one another; quotes and backslashes for the JSON form; no brackets, so none is part of [REDACTED].
const secret = fc.string({
  unit: fc.constantFrom('a', 'b', 'Z', '"', '\\', '.', '-', '1'),
  minLength: 4,
  maxLength: 12,
});
const jsonForm = (text: string) => JSON.stringify(text).slice(1, -1);

type Step =
  | { kind: 'hold'; token: string }
  | { kind: 'release'; which: number }
  | { kind: 'add'; secret: string };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: secret.map((token) => ({ kind: 'hold' as const, token })) },
  { weight: 4, arbitrary: fc.nat().map((which) => ({ kind: 'release' as const, which })) },
  { weight: 1, arbitrary: secret.map((s) => ({ kind: 'add' as const, secret: s })) },
);

describe('createRedactor', () => {
  it('law: after any sequence of holds, releases and secrets, no held token and no secret shows, and at most RECENT_TOKENS let go are remembered', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        const redactor = createRedactor();
        const leases: { token: string; release: () => void }[] = [];
        const secrets: string[] = [];
        const everything: string[] = [];
        for (const s of steps) {
          if (s.kind === 'hold') {
            leases.push({ token: s.token, release: redactor.hold(s.token) });
            everything.push(s.token);
          } else if (s.kind === 'release' && leases.length > 0) {
            leases.splice(s.which % leases.length, 1)[0]!.release();
          } else if (s.kind === 'add') {
            redactor.add(s.secret);
            secrets.push(s.secret);
            everything.push(s.secret);
          }
          const text = everything
            .flatMap((t) => [t, jsonForm(t), `{"m":${JSON.stringify(`x${t}y`)}}`])
            .join(' ');
          const out = redactor.redact(text);
          for (const known of [...secrets, ...leases.map((l) => l.token)]) {
            expect(out).not.toContain(known);
            expect(out).not.toContain(jsonForm(known));
          }
          const held = new Set(leases.map((l) => l.token)).size;
          expect(redactor.tokenCount()).toBeLessThanOrEqual(held + RECENT_TOKENS);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a token held by one holder after another let go of it, and a release called twice counts once', () => {
    const redactor = createRedactor();
    const first = redactor.hold('token-one');
    const second = redactor.hold('token-one');
    first();
    first();
    // Push it out of the recent ones: were it let go, it would be forgotten now.
    for (let i = 0; i < RECENT_TOKENS + 2; i++) redactor.hold(`other-${i}`)();
    expect(redactor.redact('a token-one b')).toBe(`a ${REDACTED} b`);
    second();
    for (let i = 0; i < RECENT_TOKENS + 2; i++) redactor.hold(`again-${i}`)();
    expect(redactor.redact('a token-one b')).toBe('a token-one b');
    expect(redactor.tokenCount()).toBe(RECENT_TOKENS);
  });

  it('scrubs a longer secret whole when a shorter one is inside it', () => {
    const redactor = createRedactor();
    redactor.add('abcd');
    redactor.hold('xxabcdyy');
    expect(redactor.redact('[xxabcdyy] [abcd]')).toBe(`[${REDACTED}] [${REDACTED}]`);
  });
});
