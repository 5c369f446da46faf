/**
 * Generated data objects of the example tenant's schemas (Customer, Product, Supplier),
 * as search hits return them: hit metadata, one property per field, values in each
 * field's own format (dates `MM/DD/YYYY` and `DD.MM.YYYY`, booleans `Y/N` and `1/0`,
 * picklist codes, multivalue arrays). Deterministic from a seed.
 */
import { seededRandom } from './corpus.mjs';

const pick = (random, items) => items[Math.floor(random() * items.length)];
const int = (random, min, max) => min + Math.floor(random() * (max - min + 1));
const pad = (n) => String(n).padStart(2, '0');

const FIRST = [
  'Tim',
  'Jane',
  'John',
  'Aiko',
  'Joanna',
  'Oliver',
  'Maria',
  'Lukas',
  'Sofia',
  'Noah',
  'Emma',
  'Mateo',
  'Chloe',
  'Ivan',
  'Priya',
  'Kenji',
  'Amara',
  'Lars',
  'Elena',
  'Omar',
];
const LAST = [
  'Smith',
  'Doe',
  'Tanaka',
  'van Dijk',
  'Brown',
  'Keller',
  'Becker',
  'Rossi',
  'Garcia',
  'Nowak',
  'Silva',
  'Martin',
  'Kowalski',
  'Dubois',
  'Berg',
  'Okafor',
  'Hansen',
  'Moreau',
  'Fischer',
  'Novak',
];
const CITIES = [
  ['Berlin', 'DE'],
  ['Hamburg', 'DE'],
  ['Paris', 'FR'],
  ['Lyon', 'FR'],
  ['London', 'GB'],
  ['Leeds', 'GB'],
  ['Amsterdam', 'NL'],
  ['Utrecht', 'NL'],
  ['New York', 'US'],
  ['San Francisco', 'US'],
  ['Tokyo', 'JP'],
  ['Osaka', 'JP'],
];
const DOMAINS = ['example.com', 'example.org', 'mail.example.net', 'example.co.uk'];
const STATUSES = ['ACT', 'ACT', 'ACT', 'INA', 'PRO', 'BLK'];
const TAGS = ['newsletter', 'online', 'store', 'b2b', 'loyalty', 'events'];
const PRODUCTS = [
  'Headphones',
  'Speaker',
  'Garden Hose',
  'Train Set',
  'Yoga Mat',
  'Desk Lamp',
  'Coffee Grinder',
  'Backpack',
  'Water Bottle',
  'Keyboard',
];
const ADJECTIVES = [
  'Wireless',
  'Smart',
  'Compact',
  'Wooden',
  'Non-slip',
  'Foldable',
  'Ergonomic',
  'Classic',
  'Portable',
  'Premium',
];
const WORDS = [
  'battery',
  'fittings',
  'children',
  'kitchen',
  'outdoor',
  'travel',
  'steel',
  'cotton',
  'recycled',
  'warranty',
  'hours',
  'water',
  'resistant',
];
const CATEGORIES = ['ELEC', 'HOME', 'TOYS', 'SPRT'];
const COLOURS = ['BLK', 'WHT', 'RED', 'BLU'];
const SUPPLIER_WORDS = [
  'Acme',
  'Globex',
  'Nordwood',
  'Pacific',
  'Initech',
  'Umbrella',
  'Stark',
  'Wayne',
  'Hooli',
  'Vandelay',
];
const SUPPLIER_KINDS = [
  'Components GmbH',
  'Trading Ltd',
  'Timber',
  'Plastics Inc.',
  'Logistics',
  'Metals AG',
];

function customer(random, i) {
  const first = pick(random, FIRST);
  const last = pick(random, LAST);
  const [city, country] = pick(random, CITIES);
  const year = int(random, 1940, 2008);
  const record = {
    _dataObjectId: `c-${i}`,
    _schemaName: 'Customer',
    _dataSetName: 'Retail Customers',
    'Customer ID': `C-${String(10000000 + i)}`,
    'First Name': first,
    'Last Name': last,
    Email: `${first}.${last.replace(/ /g, '')}${i}@${pick(random, DOMAINS)}`.toLowerCase(),
    'Date of Birth': `${pad(int(random, 1, 12))}/${pad(int(random, 1, 28))}/${year}`,
    Age: 2025 - year,
    Status: pick(random, STATUSES),
    VIP: random() < 0.2 ? 'Y' : 'N',
    Country: country,
    City: city,
    'Credit Limit': int(random, 0, 40) * 500,
    'Loyalty Score': Math.round(random() * 100) / 100,
    Tags: Array.from({ length: int(random, 0, 3) }, () => pick(random, TAGS)),
  };
  if (random() < 0.7)
    record.Phone = `+${int(random, 1, 81)} ${int(random, 10, 99)} ${int(random, 100000, 9999999)}`;
  if (random() < 0.6)
    record['Customer Since'] =
      `${int(random, 2005, 2024)}-${pad(int(random, 1, 12))}-${pad(int(random, 1, 28))}T${pad(int(random, 8, 18))}:00:00`;
  return record;
}

function product(random, i) {
  const name = `${pick(random, ADJECTIVES)} ${pick(random, PRODUCTS)}`;
  return {
    _dataObjectId: `p-${i}`,
    _schemaName: 'Product',
    _dataSetName: 'Catalogue 2024',
    SKU: `SK-${String(100000 + i)}`,
    'Product Name': name,
    Description: `${name} with ${Array.from({ length: int(random, 3, 8) }, () => pick(random, WORDS)).join(' ')}`,
    Category: pick(random, CATEGORIES),
    Colour: Array.from({ length: int(random, 1, 2) }, () => pick(random, COLOURS)),
    'Unit Price': Math.round(random() * 30000) / 100,
    Weight: Math.round(random() * 500) / 100,
    'Stock Quantity': int(random, 0, 1000),
    'Launch Date': `${int(random, 2000, 2024)}-${pad(int(random, 1, 12))}-${pad(int(random, 1, 28))}`,
    Discontinued: random() < 0.1 ? 'true' : 'false',
  };
}

function supplier(random, i) {
  const [, country] = pick(random, CITIES);
  return {
    _dataObjectId: `s-${i}`,
    _schemaName: 'Supplier',
    _dataSetName: 'Approved Suppliers',
    'Supplier ID': `S-${String(30000000 + i)}`,
    'Supplier Name': `${pick(random, SUPPLIER_WORDS)} ${pick(random, SUPPLIER_KINDS)}`,
    'Contact Email': `sales${i}@${pick(random, DOMAINS)}`,
    Country: country,
    Rating: int(random, 1, 5),
    Preferred: random() < 0.4 ? '1' : '0',
    'Onboarded On': `${pad(int(random, 1, 28))}.${pad(int(random, 1, 12))}.${int(random, 2000, 2024)}`,
    'Payment Terms': pick(random, ['NET30', 'NET60', 'PIA']),
    'Annual Spend': int(random, 1, 2000) * 1000,
  };
}

/** `count` records: 60% customers, 25% products, 15% suppliers, interleaved. */
export function generateRecords(count, seed = 20261122) {
  const random = seededRandom(seed);
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const r = random();
    out[i] = r < 0.6 ? customer(random, i) : r < 0.85 ? product(random, i) : supplier(random, i);
  }
  return out;
}

/** Fresh copies of the records: new objects, so nothing is cached for them yet (a cold start). */
export function freshCopies(records) {
  return records.map((r) => {
    const copy = { ...r };
    for (const key in copy) if (Array.isArray(copy[key])) copy[key] = [...copy[key]];
    return copy;
  });
}
