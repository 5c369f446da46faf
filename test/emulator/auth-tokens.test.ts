/** The tokens the emulator holds: bounded per client, expired ones forgotten, however many are asked for. */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Auth, MAX_TOKENS_PER_CLIENT } from '../../src/emulator/auth.js';

const credentials = (clientId: string) => ({
  client_id: clientId,
  client_secret: `${clientId}-secret`,
});
const grants = ['loop', 'other'].map((clientId) => ({
  clientId,
  clientSecret: `${clientId}-secret`,
  businessAreas: '*' as const,
}));
/** How many tokens it holds, as it shows itself (`Auth { clients: 2, tokens: N }`). */
const held = (auth: Auth) => Number(/tokens: (\d+)/.exec(inspect(auth))![1]);

describe('tokens held', () => {
  it('are at most MAX_TOKENS_PER_CLIENT per client: a loop asking for tokens revokes its own oldest, not the tokens of others', () => {
    const auth = new Auth(grants, 3600, () => 0);
    const other = auth.issue(credentials('other')).access_token;
    const first = auth.issue(credentials('loop')).access_token;
    let last = first;
    for (let i = 0; i < MAX_TOKENS_PER_CLIENT + 500; i++)
      last = auth.issue(credentials('loop')).access_token;
    expect(held(auth)).toBe(MAX_TOKENS_PER_CLIENT + 1);
    expect(() => auth.authenticate(first)).toThrow(/invalid access token/);
    expect(auth.authenticate(last).clientId).toBe('loop');
    expect(auth.authenticate(other).clientId).toBe('other');
  });

  it('forgets expired tokens as new ones are issued', () => {
    let now = 0;
    const auth = new Auth(grants, 10, () => now);
    for (let i = 0; i < 100; i++) auth.issue(credentials('loop'));
    now = 10_000;
    const fresh = auth.issue(credentials('loop')).access_token;
    expect(held(auth)).toBe(1);
    expect(auth.authenticate(fresh).clientId).toBe('loop');
    auth.expireAll();
    auth.issue(credentials('loop'));
    expect(held(auth)).toBe(1);
  });

  it('keeps no token itself, only its SHA-256: a memory dump shows none, and a lookup compares digests, not the token', () => {
    const auth = new Auth(grants, 3600, () => 0);
    const tokens = Array.from({ length: 5 }, () => auth.issue(credentials('loop')).access_token);
    const everything = inspect(auth, {
      showHidden: true,
      depth: Infinity,
      customInspect: false,
      maxArrayLength: Infinity,
      maxStringLength: Infinity,
    });
    expect(everything).toMatch(/Map\(5\)/);
    for (const token of tokens) {
      expect(everything).not.toContain(token);
      expect(auth.authenticate(token).clientId).toBe('loop');
    }
  });
});
