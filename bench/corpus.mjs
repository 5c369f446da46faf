/**
 * The benchmark corpora, generated deterministically from a seed so every run (and every
 * machine) parses exactly the same text. Only syntax that every peer parser accepts is
 * generated: liqe rejects date bounds inside `[a TO b]`, `*` as an open range end, `+`, `&&`,
 * `~`, `^` and `field:(a OR b)`; lucene-query-parser rejects `-field:value`. Dates therefore
 * use `field:>=2020-01-01` comparisons and numeric ranges use `[a TO b]` / `{a TO b}`.
 */

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG; returns floats in [0, 1). */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, items) => items[Math.floor(random() * items.length)];
const int = (random, min, max) => min + Math.floor(random() * (max - min + 1));
const pad = (n) => String(n).padStart(2, '0');

/** The documented examples of the service that are plain Lucene (bracket comparisons are mdq-only). */
export const DOCUMENTED_EXAMPLES = [
  'John',
  'John Smith',
  'John AND Smith',
  'John OR Jane',
  'John NOT Doe',
  'Jo*',
  '"John Smith"',
  '(John OR Jane) AND Smith',
  'email:*@example.com',
];

const FIRST_NAMES = [
  'John',
  'Jane',
  'Anna',
  'Tim',
  'Maria',
  'José',
  'Lukas',
  'Sophie',
  'Ahmed',
  'Chen',
  'Olga',
  'Pierre',
];
const LAST_NAMES = [
  'Smith',
  'Doe',
  'Müller',
  'Garcia',
  'Nguyen',
  'Schmidt',
  'Rossi',
  'Kowalski',
  'Smith-Jones',
  'Dubois',
];
const DOMAINS = ['example.com', 'example.org', 'mail.example.net', 'acme.example'];
const CITIES = [
  'Berlin',
  'Paris',
  'Madrid',
  'Vienna',
  'Zurich',
  '"New York"',
  '"San Francisco"',
  '"Rio de Janeiro"',
];
const COUNTRIES = ['DE', 'FR', 'ES', 'AT', 'CH', 'US', 'BR'];
const STATUSES = ['active', 'inactive', 'pending', 'blocked', 'archived'];
const FIELDS = [
  'name',
  'firstName',
  'lastName',
  'customer.name',
  'address.city',
  'company',
  'segment',
  'tags',
];
const WORDS = [
  'gold',
  'premium',
  'wholesale',
  'retail',
  'vip',
  'newsletter',
  'b2b',
  'partner',
  'supplier',
  'lead',
];
const PHRASES = [
  '"customer since 2019"',
  '"key account"',
  '"ACME Inc."',
  '"Main St. 5"',
  '"Smith, John"',
  '"do not call"',
];

function date(random) {
  return `${int(random, 2015, 2025)}-${pad(int(random, 1, 12))}-${pad(int(random, 1, 28))}`;
}

function name(random) {
  return pick(random, FIRST_NAMES);
}

function email(random) {
  const local = `${pick(random, FIRST_NAMES).toLowerCase()}.${pick(random, ['smith', 'doe', 'garcia', 'nguyen'])}`;
  const domain = pick(random, DOMAINS);
  return pick(random, [
    () => `email:*@${domain}`,
    () => `email:${local.slice(0, int(random, 1, 4))}*@${domain}`,
    () => `email:${local}@${domain}`,
    () => `email:${local.replace(/o/, '?')}@${domain}`,
    () => `email:*${local.slice(-3)}*`,
  ])();
}

/** One leaf clause of the kinds users type: a field value, a word, a phrase, a wildcard, a range. */
export function clause(random) {
  return pick(random, [
    () => name(random),
    () => pick(random, LAST_NAMES),
    () => `${name(random).slice(0, int(random, 2, 3))}*`,
    () =>
      `${pick(random, ['firstName', 'lastName', 'name'])}:${pick(random, [...FIRST_NAMES, ...LAST_NAMES])}`,
    () => `name:"${name(random)} ${pick(random, LAST_NAMES)}"`,
    () => email(random),
    () => `status:${pick(random, STATUSES)}`,
    () => `country:${pick(random, COUNTRIES)}`,
    () => `address.city:${pick(random, CITIES)}`,
    () => `${pick(random, FIELDS)}:${pick(random, WORDS)}`,
    () => pick(random, PHRASES),
    () => `age:[${int(random, 18, 40)} TO ${int(random, 41, 90)}]`,
    () => `revenue:{${int(random, 0, 1000) * 100} TO ${int(random, 1001, 5000) * 100}}`,
    () => `created:>=${date(random)}`,
    () => `updated:<${date(random)}`,
    () => `zip:${int(random, 10, 99)}???`,
    () => `_exists_:${pick(random, ['email', 'phone', 'vatId'])}`,
    () => `customerId:${int(random, 100000, 999999)}`,
  ])();
}

/** A search-box query: 1 to 4 clauses with the operators and groupings people type. */
function shortQuery(random) {
  return pick(random, [
    () => clause(random),
    () => `${name(random)} ${pick(random, LAST_NAMES)}`,
    () => `"${name(random)} ${pick(random, LAST_NAMES)}"`,
    () => email(random),
    () => `${clause(random)} AND ${clause(random)}`,
    () => `${clause(random)} OR ${clause(random)}`,
    () => `${clause(random)} ${clause(random)}`,
    () => `${clause(random)} NOT ${clause(random)}`,
    () => `(${name(random)} OR ${name(random)}) AND ${pick(random, LAST_NAMES)}`,
    () => `created:>=${date(random)} AND created:<${date(random)}`,
    () => `${clause(random)} AND NOT _exists_:${pick(random, ['email', 'phone'])}`,
    () =>
      `status:${pick(random, STATUSES)} AND (country:${pick(random, COUNTRIES)} OR country:${pick(random, COUNTRIES)})`,
    () => `(${clause(random)} OR ${clause(random)}) AND NOT ${clause(random)}`,
  ])();
}

/** `count` short queries: the documented examples first, then generated ones. */
export function shortQueries({ count = 500, seed = 1 } = {}) {
  const random = seededRandom(seed);
  const queries = DOCUMENTED_EXAMPLES.slice(0, count);
  while (queries.length < count) queries.push(shortQuery(random));
  return queries;
}

/**
 * One query of exactly `clauses` leaf clauses, built as a flat run of terms and small
 * parenthesised OR groups joined by AND, OR or juxtaposition, as machine-built queries are.
 */
export function longQuery(clauses, random) {
  const parts = [];
  let left = clauses;
  while (left > 0) {
    const size = Math.min(left, random() < 0.3 ? int(random, 2, 4) : 1);
    const group = Array.from({ length: size }, () => clause(random));
    const text = size === 1 ? group[0] : `(${group.join(' OR ')})`;
    parts.push(
      parts.length === 0
        ? text
        : `${pick(random, [' AND ', ' AND ', ' OR ', ' ', ' AND NOT '])}${text}`,
    );
    left -= size;
  }
  return parts.join('');
}

/** `queries` queries of `clauses` clauses each. */
export function longQueries({ queries, clauses, seed = 2 }) {
  const random = seededRandom(seed);
  return Array.from({ length: queries }, () => longQuery(clauses, random));
}
