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

describe('typos', () => {
  it('are found after the first letter, or with the first two swapped', () => {
    expect(tierOf('irts', 'First Name')).toBe(Tier.None);
    expect(tierOf('ifrst', 'First Name')).toBe(Tier.Typo);
  });

  it('are found in the last twelve characters of long typed text', () => {
    expect(tierOf('customer contact pehone', 'Customer Contact Phone')).toBe(Tier.Typo);
    expect(tierOf('custmoer contact phone', 'Customer Contact Phone')).toBe(Tier.None);
  });
});

describe('the bit-parallel prefix distance', () => {
  /** The plain dynamic programme: Levenshtein distance from `a` to the closest prefix of `b`. */
  function reference(a: string, b: string): number {
    const d = Array.from({ length: a.length + 1 }, (_, i) =>
      Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        d[i]![j] = Math.min(
          d[i - 1]![j]! + 1,
          d[i]![j - 1]! + 1,
          d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        );
      }
    }
    return Math.min(...d[a.length]!);
  }

  it('agrees with the plain dynamic programme on the typo tier', () => {
    const word = fc.string({
      unit: fc.constantFrom('a', 'b', 'c', 'd', 'é'),
      minLength: 3,
      maxLength: 12,
    });
    fc.assert(
      fc.property(word, word, (a, b) => {
        fc.pre(a[0] === b[0] && !b.startsWith(a));
        const limit = a.length <= 4 ? 1 : a.length <= 8 ? 2 : 3;
        const isTypo = tierOf(a, b) === Tier.Typo;
        const expected = reference(a, b) <= limit;
        // Word starts and substrings come first; the typo tier is only reached without them.
        if (tierOf(a, b) === Tier.Typo || tierOf(a, b) === Tier.None) expect(isTypo).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
