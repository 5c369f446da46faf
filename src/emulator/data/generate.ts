/**
 * The emulator's default data: the example tenant's hand-written data objects, plus
 * generated ones in every example dataset (a few thousand), deterministic for a seed:
 * people, companies and products from faker-made pools (data/pools.ts), dates in each
 * field's own format, multivalue fields, and a few records that break their field's
 * rules (so `_errors` and `erroredRecordsCount` have something to show).
 */
import { getHeapStatistics } from 'node:v8';
import { exampleId, exampleTenant } from '../../examples/index.js';
import { zeroPad } from '../../schema/dates.js';
import type { DataSetListItem, SchemaResponse } from '../../schema/response.js';
import { integer, pick, seededRandom, weighted, type Random } from '../random.js';
import type { TenantInput } from '../store/tenant-store.js';
import { POOLS } from './pools.js';

type Country = keyof typeof POOLS.people;
type Values = Record<string, unknown>;
type Generator = (random: Random, index: number) => Values;

const COUNTRY_WEIGHTS: Record<Country, number> = { DE: 30, FR: 15, GB: 15, NL: 10, US: 20, JP: 10 };

/** Lower-case ASCII for email addresses and host names. */
function asciiWord(text: string): string {
  return text.normalize('NFD').replace(/[^\p{Letter}\p{Number}]+/gu, '').replace(/[^a-zA-Z0-9]/g, '').toLowerCase() || 'x';
}

interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

function day(random: Random, fromYear: number, toYear: number): Day {
  const year = integer(random, fromYear, toYear);
  const month = integer(random, 1, 12);
  return { year, month, day: integer(random, 1, 28) };
}

const iso = (d: Day) => `${d.year}-${zeroPad(d.month, 2)}-${zeroPad(d.day, 2)}`;
const dateTime = (random: Random, d: Day) => `${iso(d)}T${zeroPad(integer(random, 7, 19), 2)}:${zeroPad(integer(random, 0, 59), 2)}:${zeroPad(integer(random, 0, 59), 2)}`;

function phone(random: Random, country: Country): string {
  const prefix = POOLS.people[country].phonePrefix;
  return `${prefix} ${integer(random, 10, 99)} ${integer(random, 1000000, 9999999)}`;
}

/** A valid EAN-13: twelve digits and their check digit. */
function ean(random: Random): string {
  let digits = '400';
  while (digits.length < 12) digits += String(integer(random, 0, 9));
  const sum = [...digits].reduce((s, c, i) => s + Number(c) * (i % 2 === 0 ? 1 : 3), 0);
  return digits + String((10 - (sum % 10)) % 10);
}

function person(random: Random) {
  const country = weighted(random, COUNTRY_WEIGHTS);
  const pool = POOLS.people[country];
  const first = pick(random, pool.firstNames);
  const last = pick(random, pool.lastNames);
  return { country, pool, first, last, email: `${asciiWord(first)}.${asciiWord(last)}@${pool.domain}` };
}

function tags(random: Random, max: number): string[] {
  const chosen = new Set<string>();
  const count = integer(random, 0, max);
  while (chosen.size < count) chosen.add(pick(random, POOLS.tags));
  return [...chosen];
}

const REFERENCE_YEAR = 2025;

const customer = (idBase: number): Generator => (random, i) => {
  const p = person(random);
  const born = day(random, 1940, 2007);
  const values: Values = {
    'Customer ID': `C-${idBase + i}`,
    'First Name': p.first,
    'Last Name': p.last,
    Email: p.email,
    'Date of Birth': `${zeroPad(born.month, 2)}/${zeroPad(born.day, 2)}/${born.year}`,
    Age: REFERENCE_YEAR - born.year - (born.month > 6 ? 1 : 0),
    Status: weighted(random, { ACT: 60, INA: 15, PRO: 20, BLK: 5 }),
    VIP: random() < 0.15 ? 'Y' : 'N',
    Country: p.country,
    City: pick(random, p.pool.cities),
    'Credit Limit': integer(random, 0, 40) * 500,
    'Loyalty Score': Math.round(random() * 100) / 100,
  };
  if (random() < 0.7) values.Phone = phone(random, p.country);
  if (random() < 0.8) values['Customer Since'] = dateTime(random, day(random, 2010, 2025));
  if (random() < 0.1) values.Website = `https://www.${asciiWord(p.last)}.${p.pool.domain}`;
  const t = tags(random, 3);
  if (t.length > 0) values.Tags = t;
  if (random() < 0.4) values['Preferred Contact Time'] = `${zeroPad(integer(random, 8, 18), 2)}:${random() < 0.5 ? '00' : '30'}`;
  if (random() < 0.2) values['Home Location'] = `${(random() * 120 - 60).toFixed(4)},${(random() * 360 - 180).toFixed(4)}`;
  return values;
};

const contact = (idBase: number): Generator => (random, i) => {
  const p = person(random);
  const company = asciiWord(pick(random, POOLS.companies));
  const last = day(random, 2022, 2025);
  return {
    'Contact ID': `P-${idBase + i}`,
    'Customer ID': `C-${10000000 + integer(random, 1, 1600)}`,
    'First Name': p.first,
    'Last Name': p.last,
    Email: `${asciiWord(p.first)}@${company}.example.com`,
    Role: weighted(random, { BUY: 50, FIN: 25, TEC: 25 }),
    'Primary Contact': random() < 0.3 ? 'true' : 'false',
    'Last Contacted': `${zeroPad(last.day, 2)}/${zeroPad(last.month, 2)}/${last.year}`,
  };
};

const CATEGORY_PREFIX = { ELEC: 'EL', HOME: 'HG', TOYS: 'TY', SPRT: 'SP' } as const;

const product = (idBase: number): Generator => (random, i) => {
  const category = weighted(random, { ELEC: 35, HOME: 30, TOYS: 15, SPRT: 20 });
  const colours = new Set<string>();
  const colourCount = integer(random, 1, 2);
  while (colours.size < colourCount) colours.add(pick(random, ['BLK', 'WHT', 'RED', 'BLU']));
  const values: Values = {
    SKU: `${CATEGORY_PREFIX[category]}-${idBase + i}`,
    'Product Name': pick(random, POOLS.products),
    Description: pick(random, POOLS.descriptions),
    Category: category,
    Colour: [...colours],
    'Unit Price': Math.round((5 + random() * 495) * 100) / 100,
    Weight: Math.round(random() * 2000) / 100,
    'Stock Quantity': integer(random, 0, 1000),
    'Launch Date': iso(day(random, 2015, 2025)),
    Discontinued: random() < 0.1 ? 'true' : 'false',
  };
  if (random() < 0.8) values.EAN = ean(random);
  if (random() < 0.3) values['Manufacturer URL'] = `https://www.${asciiWord(pick(random, POOLS.companies))}.example.com`;
  return values;
};

const supplier = (idBase: number): Generator => (random, i) => {
  const country = weighted(random, COUNTRY_WEIGHTS);
  const name = pick(random, POOLS.companies);
  const onboarded = day(random, 2000, 2024);
  const certifications = ['ISO9001', 'ISO14001', 'FSC'].filter(() => random() < 0.35);
  const values: Values = {
    'Supplier ID': `S-${idBase + i}`,
    'Supplier Name': name,
    'Contact Email': `sales@${asciiWord(name)}.${POOLS.people[country].domain}`,
    'Contact Phone': phone(random, country),
    Country: country,
    Rating: integer(random, 1, 5),
    Preferred: random() < 0.4 ? '1' : '0',
    'Onboarded On': `${zeroPad(onboarded.day, 2)}.${zeroPad(onboarded.month, 2)}.${onboarded.year}`,
    'Payment Terms': weighted(random, { NET30: 60, NET60: 25, PIA: 15 }),
    IBAN: `${country}${integer(random, 10, 99)}${Array.from({ length: 18 }, () => integer(random, 0, 9)).join('')}`,
    'Annual Spend': integer(random, 1, 2000) * 1000,
  };
  if (certifications.length > 0) values.Certifications = certifications;
  if (random() < 0.6) values['Last Audit'] = dateTime(random, day(random, 2020, 2025));
  return values;
};

/** Per schema, values that break a field's rules: a few records carry one, as real tenants do. */
const BREAKERS: Readonly<Record<string, readonly Values[]>> = {
  Customer: [{ Email: 'not-an-email' }, { Status: 'ACTIVE' }, { 'Date of Birth': '1985-04-12' }, { Age: 'forty' }, { VIP: 'yes' }],
  'Customer Contact': [{ 'Primary Contact': 'yes' }, { 'Last Contacted': '2024-05-14' }, { Role: 'CEO' }],
  Product: [{ EAN: '12345' }, { 'Unit Price': '19,99' }, { Colour: ['GREEN'] }, { 'Launch Date': '1999-12-31' }],
  Supplier: [{ 'Onboarded On': '2015-03-01' }, { Rating: 'five' }, { Preferred: 'Y' }],
};

interface PlannedDataSet {
  readonly schema: SchemaResponse;
  readonly name: string;
  readonly description: string;
  /** Share of the generated records. */
  readonly count: number;
  readonly generator: Generator;
  /** The example tenant's dataset this one is (keeps its id and hand-written records). */
  readonly example?: string;
}

const [customerSchema, contactSchema, productSchema, supplierSchema] = exampleTenant.schemas as [SchemaResponse, SchemaResponse, SchemaResponse, SchemaResponse];

const PLAN: readonly PlannedDataSet[] = [
  { schema: customerSchema, name: 'Retail Customers', description: '', count: 1200, generator: customer(10001000), example: 'Retail Customers' },
  { schema: customerSchema, name: 'Wholesale Customers', description: 'Business customers buying in bulk', count: 400, generator: customer(11001000) },
  { schema: customerSchema, name: 'Customer Archive', description: 'Customers who closed their account', count: 150, generator: customer(12001000) },
  { schema: contactSchema, name: 'Business Contacts', description: '', count: 300, generator: contact(20001000), example: 'Business Contacts' },
  { schema: productSchema, name: 'Catalogue 2024', description: '', count: 600, generator: product(100000), example: 'Catalogue 2024' },
  { schema: productSchema, name: 'Catalogue Archive', description: 'Products no longer sold', count: 200, generator: product(500000) },
  { schema: supplierSchema, name: 'Approved Suppliers', description: '', count: 250, generator: supplier(30001000), example: 'Approved Suppliers' },
];

/** A service-shaped id (17-digit timestamp, 30 hex digits), unique per seed, dataset and index, and cheap for 100 000 records. */
function generatedId(seed: number, dataSet: number, index: number): string {
  let hex = '';
  for (let round = 0; round < 4; round++) {
    let h = Math.imul(seed ^ 0x85ebca6b, 0x9e3779b1) ^ Math.imul(dataSet + 1, 0xc2b2ae35) ^ Math.imul(index + 1, 0x27d4eb2f) ^ Math.imul(round + 1, 0x165667b1);
    h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    hex += ((h ^ (h >>> 16)) >>> 0).toString(16).padStart(8, '0');
  }
  // The index in the last digits keeps ids unique even if the hash collides.
  return `20240301090000000${hex.slice(0, 22)}${(dataSet * 1e7 + index).toString(16).padStart(8, '0')}`;
}

/**
 * Heap one generated record costs while the tenant is built and kept (about 1.5 KiB
 * measured for 200 000, rounded up): asked for more than the heap holds, the generator
 * ran for minutes and the process died out of memory, instead of saying so.
 */
const BYTES_PER_RECORD = 2048;

/** Throws a clear error for a `records` that is not a count, or that this process's heap cannot hold. */
export function checkRecordCount(records: number): void {
  if (!Number.isSafeInteger(records) || records < 0) throw new Error(`records must be an integer of at least 0, not ${records}`);
  const heap = getHeapStatistics().heap_size_limit;
  // A quarter of the heap is left for everything else (requests, the search's hit lists).
  if (records * BYTES_PER_RECORD > heap * 0.75) {
    const mib = (bytes: number) => Math.ceil(bytes / 2 ** 20);
    throw new Error(
      `${records} generated records need about ${mib(records * BYTES_PER_RECORD)} MiB, more than this Node process's heap of ${mib(heap)} MiB can hold; ` +
        `ask for fewer, or give Node more: NODE_OPTIONS=--max-old-space-size=${mib((records * BYTES_PER_RECORD) / 0.75)}`,
    );
  }
}

/** How many records the default data generates (besides the hand-written ones). */
export const DEFAULT_GENERATED = PLAN.reduce((sum, d) => sum + d.count, 0);

function dataSetItem(plan: PlannedDataSet): DataSetListItem {
  const example = exampleTenant.dataSets.find((d) => d.dataSet.dataSetName === plan.example);
  if (example) return example.dataSet;
  const template = exampleTenant.dataSets.find((d) => d.dataSet.schemaId === plan.schema.schemaId)!.dataSet;
  return { ...template, dataSetId: exampleId('20240201120000000', `dataset/${plan.schema.name}/${plan.name}`), dataSetName: plan.name, dataSetDescription: plan.description };
}

/**
 * The example tenant with data: `records` generated data objects spread over the
 * datasets in fixed proportions (without the hand-written ones), or by default the
 * hand-written ones plus a few thousand generated.
 */
export function exampleData(options: { readonly records?: number; readonly seed?: number } = {}): TenantInput {
  const seed = options.seed ?? 1;
  // The default data is built once per seed and shared: the store copies what it keeps.
  if (options.records === undefined) {
    let data = defaults.get(seed);
    if (data === undefined) defaults.set(seed, (data = generate(seed, undefined)));
    return data;
  }
  return generate(seed, options.records);
}

const defaults = new Map<number, TenantInput>();

function generate(seed: number, records: number | undefined): TenantInput {
  const requested = records;
  let left = requested ?? DEFAULT_GENERATED;
  const dataSets = PLAN.map((plan, index) => {
    const share = requested === undefined ? plan.count : index === PLAN.length - 1 ? left : Math.round((requested * plan.count) / DEFAULT_GENERATED);
    const count = Math.min(share, left);
    left -= count;
    const random = seededRandom(seed * 1000 + index);
    const item = dataSetItem(plan);
    const handWritten = requested === undefined ? (exampleTenant.dataSets.find((d) => d.dataSet.dataSetName === plan.example)?.dataObjects ?? []) : [];
    const breakers = BREAKERS[plan.schema.name] ?? [];
    const dataObjects: Record<string, unknown>[] = handWritten.map((o) => ({ ...o }));
    for (let i = 0; i < count; i++) {
      const values = plan.generator(random, i);
      if (breakers.length > 0 && random() < 0.03) Object.assign(values, pick(random, breakers));
      dataObjects.push({ _dataObjectId: generatedId(seed, index, i), _version: 1, ...values });
    }
    return { dataSet: item, dataObjects };
  });
  return { businessAreas: exampleTenant.businessAreas, schemas: exampleTenant.schemas, dataSets };
}
