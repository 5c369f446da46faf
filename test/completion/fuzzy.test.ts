import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidate, match, Tier, typed, type Match } from '../../src/completion/fuzzy.js';

function tierOf(text: string, name: string): Tier {
  const out: Match = { tier: Tier.None, score: 0 };
  match(typed(text), candidate(name), out);
  return out.tier;
}

describe('fuzzy matching', () => {
  it.each([
    ['last name', 'Last Name', Tier.Exact],
    ['LAST', 'Last Name', Tier.Prefix],
    ['ln', 'Last Name', Tier.WordStarts],
    ['la na', 'Last Name', Tier.WordStarts],
    ['cid', 'customerId', Tier.WordStarts],
    ['dob', 'Date of Birth', Tier.WordStarts],
    ['ame', 'Last Name', Tier.Substring],
    ['frist', 'First Name', Tier.Typo],
    ['lsat name', 'Last Name', Tier.Typo],
    ['xyz', 'Last Name', Tier.None],
    ['fi', 'First Name', Tier.Prefix],
    ['fr', 'First Name', Tier.None],
    ['fi', 'Email', Tier.None],
  ])('%j against %j: tier %i', (text, name, tier) => {
    expect(tierOf(text, name)).toBe(tier);
  });

  it('finds word starts at case changes, digits and separators', () => {
    expect(candidate('customerID2_home.lat-x').wordStarts).toEqual([0, 8, 10, 12, 17, 21]);
  });

  it('matches no two-letter typos (too many false friends)', () => {
    expect(tierOf('xa', 'ab')).toBe(Tier.None);
  });

  it('every name matches itself exactly and its prefixes at least as a prefix', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), fc.nat(), (name, cut) => {
        expect(tierOf(name, name)).toBe(Tier.Exact);
        const prefix = name.slice(0, 1 + (cut % name.length));
        expect(tierOf(prefix, name)).toBeLessThanOrEqual(Tier.Prefix);
      }),
    );
  });

  it('takes linear time on long typed text', () => {
    const long = 'a'.repeat(5000);
    const out: Match = { tier: Tier.None, score: 0 };
    expect(match(typed(long), candidate(`${'a'.repeat(100)} b`), out)).toBe(false);
  });
});
