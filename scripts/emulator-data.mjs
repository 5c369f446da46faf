#!/usr/bin/env node
/**
 * Writes src/emulator/data/pools.ts: the names, places, companies and products the
 * emulator's data generator draws from, taken from faker once (seeded, so the output
 * is the same on every run). The emulator ships these few kilobytes instead of
 * thousands of records and generates the records deterministically at start.
 *
 *   node scripts/emulator-data.mjs
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Faker, de, en, en_GB, en_US, fr, nl, ja, base } from '@faker-js/faker';

const SEED = 20240115;
const PER_COUNTRY = 40;

function fakerFor(locale) {
  const faker = new Faker({ locale: [...locale, en, base] });
  faker.seed(SEED);
  return faker;
}

function unique(make, count, accept = () => true) {
  const seen = new Set();
  for (let attempts = 0; seen.size < count && attempts < count * 50; attempts++) {
    const value = make();
    if (accept(value)) seen.add(value);
  }
  return [...seen];
}

const latin = (s) => /^[\p{Script=Latin}\s'.-]+$/u.test(s);
const countries = { DE: [de], FR: [fr], GB: [en_GB], NL: [nl], US: [en_US], JP: [ja] };
const people = {};
for (const [code, locale] of Object.entries(countries)) {
  const faker = fakerFor(locale);
  const names = code === 'JP' ? fakerFor([en]) : faker;
  people[code] = {
    firstNames: unique(() => names.person.firstName(), PER_COUNTRY, latin),
    lastNames: unique(() => names.person.lastName(), PER_COUNTRY, latin),
    cities:
      code === 'JP'
        ? ['Tokyo', 'Osaka', 'Kyoto', 'Yokohama', 'Nagoya', 'Sapporo', 'Fukuoka', 'Kobe']
        : unique(() => faker.location.city(), 16, latin),
    phonePrefix: { DE: '+49', FR: '+33', GB: '+44', NL: '+31', US: '+1', JP: '+81' }[code],
    domain: {
      DE: 'example.de',
      FR: 'example.fr',
      GB: 'example.co.uk',
      NL: 'example.nl',
      US: 'example.com',
      JP: 'example.jp',
    }[code],
  };
}

const faker = fakerFor([en]);
const companies = unique(
  () => faker.company.name(),
  120,
  (s) => s.length <= 60,
);
const products = unique(
  () => faker.commerce.productName(),
  200,
  (s) => s.length <= 60,
);
const descriptions = unique(
  () => faker.commerce.productDescription(),
  80,
  (s) => s.length <= 300,
);
const tags = [
  'newsletter',
  'online',
  'store',
  'b2b',
  'loyalty',
  'events',
  'mobile',
  'catalogue',
  'partner',
  'referral',
];

const pools = { people, companies, products, descriptions, tags };

/**
 * The lists of the JSON text written a few names a line, as spreads of one-line arrays (a
 * bundler prints a multi-line array one element a line): the package ships this file, and it
 * has a size budget (no line may pass the 400 characters the package test allows).
 */
function compactLists(json) {
  return json.replace(/\[\n(?:\s+"[^\n]*",?\n)+(\s*)\]/g, (list, indent) => {
    const items = list
      .slice(1, -1)
      .split('\n')
      .map((line) => line.trim().replace(/,$/, ''))
      .filter(Boolean);
    const lines = [[]];
    for (const item of items) {
      const line = lines.at(-1);
      if (line.length > 0 && [...line, item].join(', ').length > 250) lines.push([item]);
      else line.push(item);
    }
    if (lines.length === 1) return `[${lines[0].join(', ')}]`;
    return `[\n${lines.map((line) => `${indent} ...[${line.join(', ')}]`).join(',\n')}\n${indent}]`;
  });
}
const out = fileURLToPath(new URL('../src/emulator/data/pools.ts', import.meta.url));
writeFileSync(
  out,
  `/**\n * Word pools for the emulator's data generator, written by scripts/emulator-data.mjs from\n * faker (seed ${SEED}). Do not edit by hand: run the script.\n */\n` +
    `export const POOLS = ${compactLists(JSON.stringify(pools, null, 1))} as const;\n`,
);
console.log(`wrote ${out}`);
