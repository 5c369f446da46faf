/**
 * A realistic example tenant: three business areas (customer, product, supplier),
 * their schemas as the Get Schema endpoint returns them, their datasets and a few
 * data objects. Used by the tests, the README, `mdq demo`, `mdq lint --example`
 * and, as its default data, by the emulator.
 *
 * Between them the schemas use every field property of the interface and every
 * data type the product names (string, integer, float, currency, boolean, date,
 * datetime, time, date day/month/year, picklist, image, document, email, phone,
 * url, geo coordinates), including types mdq does not know and must tolerate.
 */
import type {
  BusinessAreaResponse,
  DataSetListItem,
  SchemaFieldResponse,
  SchemaResponse,
} from '../schema/response.js';
import { exampleId } from './ids.js';

const ADMIN = 'maria.keller@example.com';
const STEWARD = 'tom.becker@example.com';

type FieldSpec = Partial<SchemaFieldResponse>;

/** Each schema's data domain id, made once: every id costs a hash. (dist/ ships the values as data: tsup.config.ts.) */
const domainIds = new Map<string, string>();

function domainId(schemaKey: string): string {
  let id = domainIds.get(schemaKey);
  if (id === undefined)
    domainIds.set(schemaKey, (id = exampleId('20231001090000000', `domain/${schemaKey}`)));
  return id;
}

/** A field definition with the bookkeeping properties the service fills in. */
function field(
  schemaKey: string,
  created: string,
  name: string,
  dataType: string,
  spec: FieldSpec = {},
): SchemaFieldResponse {
  return {
    fieldId: exampleId(created.replace(/\D/g, ''), `${schemaKey}/${name}`),
    description: spec.description ?? name,
    active: true,
    isPrimaryKey: false,
    isSortKey: false,
    isRequired: false,
    isMultivalue: false,
    isPII: false,
    classifiers: [],
    validationRules: [],
    dataDomainId: domainId(schemaKey),
    createdBy: ADMIN,
    updatedBy: STEWARD,
    createdDate: created,
    updatedDate: '2024-06-03T14:12:09.000Z',
    ...spec,
    name,
    dataType,
  };
}

const PII = [{ tagId: exampleId('20231001090000000', 'tag/pii'), tagName: 'PII' }];
const CONTACT = [{ tagId: exampleId('20231001090000000', 'tag/contact'), tagName: 'Contact' }];
const COUNTRIES = [
  { code: 'DE', description: 'Germany' },
  { code: 'FR', description: 'France' },
  { code: 'GB', description: 'United Kingdom' },
  { code: 'NL', description: 'Netherlands' },
  { code: 'US', description: 'United States' },
  { code: 'JP', description: 'Japan' },
];

export const businessAreas: readonly BusinessAreaResponse[] = [
  'customer',
  'product',
  'supplier',
].map((name, i) => ({
  businessAreaId: exampleId(`2023100109${i}000000`, `ba/${name}`),
  name,
  description: {
    customer: 'People and companies we sell to',
    product: 'What we sell',
    supplier: 'Who we buy from',
  }[name],
  active: true,
  createdBy: ADMIN,
  updatedBy: ADMIN,
  createdDate: `2023-10-01T09:${i}0:00.000Z`,
  updatedDate: '2024-01-15T10:30:00.123Z',
  version: 1,
}));

function area(name: string): BusinessAreaResponse {
  return businessAreas.find((b) => b.name === name)!;
}

function schema(
  key: string,
  name: string,
  businessArea: string,
  description: string,
  fields: readonly SchemaFieldResponse[],
): SchemaResponse {
  const ba = area(businessArea);
  return {
    schemaId: exampleId('20240115103000123', `schema/${key}`),
    name,
    description,
    businessAreaId: ba.businessAreaId,
    businessAreaName: ba.name,
    version: 7,
    createdBy: ADMIN,
    updatedBy: STEWARD,
    createdDate: '2024-01-15T10:30:00.123Z',
    updatedDate: '2024-06-03T14:12:09.000Z',
    // The detail response may also carry the list item's state fields.
    active: true,
    state: 'published',
    fields,
  };
}

const c = (name: string, dataType: string, spec?: FieldSpec) =>
  field('customer', '2024-01-15T10:30:00.123Z', name, dataType, spec);
const cc = (name: string, dataType: string, spec?: FieldSpec) =>
  field('customer-contact', '2024-01-20T09:00:00.000Z', name, dataType, spec);
const p = (name: string, dataType: string, spec?: FieldSpec) =>
  field('product', '2024-02-01T08:00:00.000Z', name, dataType, spec);
const s = (name: string, dataType: string, spec?: FieldSpec) =>
  field('supplier', '2024-03-11T16:45:00.000Z', name, dataType, spec);

export const customerSchema: SchemaResponse = schema(
  'customer',
  'Customer',
  'customer',
  'Retail and business customers',
  [
    c('Customer ID', 'string', {
      isPrimaryKey: true,
      isSortKey: true,
      isRequired: true,
      min: 8,
      max: 12,
      validationRules: ['unique', 'pattern: C-[0-9]+'],
    }),
    c('First Name', 'string', { isRequired: true, isPII: true, min: 1, max: 50, classifiers: PII }),
    c('Last Name', 'string', {
      isRequired: true,
      isPII: true,
      isSortKey: true,
      min: 1,
      max: 50,
      classifiers: PII,
    }),
    c('Email', 'email', {
      isPII: true,
      min: 3,
      max: 254,
      classifiers: [...PII, ...CONTACT],
      validationRules: ['email'],
    }),
    c('Phone', 'phone', { isPII: true, min: 5, max: 20, classifiers: [...PII, ...CONTACT] }),
    c('Date of Birth', 'date', {
      isPII: true,
      min: '01/01/1900',
      max: '12/31/2010',
      dateFormat: 'MM/DD/YYYY',
      dateSeparator: '/',
      classifiers: PII,
    }),
    c('Age', 'integer', { description: 'Age in whole years, derived from Date of Birth' }),
    c('Status', 'picklist', {
      isRequired: true,
      picklistType: 'static',
      staticPicklist: [
        { code: 'ACT', description: 'Active' },
        { code: 'INA', description: 'Inactive' },
        { code: 'PRO', description: 'Prospect' },
        { code: 'BLK', description: 'Blocked' },
      ],
    }),
    c('VIP', 'boolean', { allowedBooleanValues: 'Y/N', description: 'Very important customer' }),
    c('Country', 'picklist', { picklistType: 'static', staticPicklist: COUNTRIES }),
    c('City', 'string', { min: 1, max: 80 }),
    c('Customer Since', 'datetime', {
      dateFormat: 'YYYY-MM-DD',
      dateSeparator: '-',
      timeFormat: 'HH:mm:ss',
    }),
    c('Credit Limit', 'currency', { description: 'Credit limit in EUR' }),
    c('Loyalty Score', 'float', { description: 'Between 0 and 1' }),
    c('Website', 'url', { max: 2048 }),
    c('Tags', 'string', { isMultivalue: true, max: 30 }),
    c('Preferred Contact Time', 'time', { timeFormat: 'HH:mm' }),
    c('Profile Photo', 'image', {
      isPII: true,
      maxWidth: 512,
      maxHeight: 512,
      maxSize: 1048576,
      classifiers: PII,
    }),
    c('Signed Contract', 'document'),
    c('Home Location', 'geo coordinates', { isPII: true }),
    c('Legacy Customer Number', 'string', {
      active: false,
      description: 'From the old CRM; no longer maintained',
      max: 10,
    }),
  ],
);

export const customerContactSchema: SchemaResponse = schema(
  'customer-contact',
  'Customer Contact',
  'customer',
  'Contact persons at business customers',
  [
    cc('Contact ID', 'string', { isPrimaryKey: true, isRequired: true, min: 8, max: 12 }),
    cc('Customer ID', 'string', { isRequired: true, min: 8, max: 12 }),
    cc('First Name', 'string', { isPII: true, min: 1, max: 50, classifiers: PII }),
    cc('Last Name', 'string', { isPII: true, min: 1, max: 50, classifiers: PII }),
    cc('Email', 'email', { isPII: true, max: 254, classifiers: PII }),
    cc('Role', 'picklist', {
      picklistType: 'static',
      staticPicklist: [
        { code: 'BUY', description: 'Buyer' },
        { code: 'FIN', description: 'Finance' },
        { code: 'TEC', description: 'Technical contact' },
      ],
    }),
    cc('Primary Contact', 'boolean', { allowedBooleanValues: 'true/false' }),
    cc('Last Contacted', 'date day/month/year', { dateFormat: 'DD/MM/YYYY', dateSeparator: '/' }),
  ],
);

export const productSchema: SchemaResponse = schema(
  'product',
  'Product',
  'product',
  'Finished goods in the catalogue',
  [
    p('SKU', 'string', { isPrimaryKey: true, isSortKey: true, isRequired: true, min: 6, max: 14 }),
    p('Product Name', 'string', { isRequired: true, min: 1, max: 120 }),
    p('Description', 'string', { max: 2000 }),
    p('Category', 'picklist', {
      picklistType: 'static',
      staticPicklist: [
        { code: 'ELEC', description: 'Electronics' },
        { code: 'HOME', description: 'Home and Garden' },
        { code: 'TOYS', description: 'Toys' },
        { code: 'SPRT', description: 'Sports' },
      ],
    }),
    p('Colour', 'picklist', {
      isMultivalue: true,
      picklistType: 'static',
      staticPicklist: [
        { code: 'BLK', description: 'Black' },
        { code: 'WHT', description: 'White' },
        { code: 'RED', description: 'Red' },
        { code: 'BLU', description: 'Blue' },
      ],
    }),
    p('Unit Price', 'currency', { isRequired: true }),
    p('Weight', 'float', { description: 'Weight in kilograms' }),
    p('Stock Quantity', 'integer'),
    p('Launch Date', 'date', {
      min: '2000-01-01',
      max: '2030-12-31',
      dateFormat: 'YYYY-MM-DD',
      dateSeparator: '-',
    }),
    p('Discontinued', 'boolean', { allowedBooleanValues: 'true/false' }),
    p('Product Image', 'image', { maxWidth: 2048, maxHeight: 2048, maxSize: 5242880 }),
    p('Spec Sheet', 'document'),
    p('Manufacturer URL', 'url', { max: 2048 }),
    p('EAN', 'string', { min: 13, max: 13, validationRules: ['digits only'] }),
  ],
);

export const supplierSchema: SchemaResponse = schema(
  'supplier',
  'Supplier',
  'supplier',
  'Vendors and manufacturers',
  [
    s('Supplier ID', 'string', { isPrimaryKey: true, isRequired: true, min: 8, max: 12 }),
    s('Supplier Name', 'string', { isRequired: true, isSortKey: true, min: 2, max: 120 }),
    s('Contact Email', 'email', { isPII: true, max: 254, classifiers: CONTACT }),
    s('Contact Phone', 'phone', { isPII: true, max: 20, classifiers: CONTACT }),
    s('Country', 'picklist', { picklistType: 'static', staticPicklist: COUNTRIES }),
    s('Rating', 'integer', { description: 'From 1 (poor) to 5 (excellent)' }),
    s('Preferred', 'boolean', { allowedBooleanValues: '1/0' }),
    s('Onboarded On', 'date', { min: '01.01.2000', dateFormat: 'DD.MM.YYYY', dateSeparator: '.' }),
    s('Last Audit', 'datetime', { dateFormat: 'YYYY-MM-DD', timeFormat: 'HH:mm:ss' }),
    s('Payment Terms', 'picklist', {
      picklistType: 'static',
      staticPicklist: [
        { code: 'NET30', description: 'Net 30 days' },
        { code: 'NET60', description: 'Net 60 days' },
        { code: 'PIA', description: 'Payment in advance' },
      ],
    }),
    s('Certifications', 'picklist', {
      isMultivalue: true,
      picklistType: 'static',
      staticPicklist: [
        { code: 'ISO9001', description: 'ISO 9001 quality management' },
        { code: 'ISO14001', description: 'ISO 14001 environmental management' },
        { code: 'FSC', description: 'Forest Stewardship Council' },
      ],
    }),
    s('IBAN', 'string', { isPII: true, min: 15, max: 34 }),
    s('Logo', 'image', { maxWidth: 400, maxHeight: 200, maxSize: 262144 }),
    s('Annual Spend', 'currency'),
    s('Head Office', 'geo coordinates'),
  ],
);

export const schemas: readonly SchemaResponse[] = [
  customerSchema,
  customerContactSchema,
  productSchema,
  supplierSchema,
];

function dataSet(
  schemaResponse: SchemaResponse,
  name: string,
  description: string,
  recordCount: number,
): DataSetListItem {
  return {
    dataSetId: exampleId('20240201120000000', `dataset/${schemaResponse.name}/${name}`),
    dataSetName: name,
    dataSetDescription: description,
    businessAreaId: schemaResponse.businessAreaId,
    businessAreaName: schemaResponse.businessAreaName,
    schemaId: schemaResponse.schemaId,
    schemaName: schemaResponse.name,
    recordCount,
    erroredRecordsCount: 0,
    runningJobsCount: 0,
    version: 3,
    createdBy: 'u-1001',
    createdByEmail: ADMIN,
    createdByName: 'Maria Keller',
    updatedBy: 'u-1002',
    updatedByEmail: STEWARD,
    updatedByName: 'Tom Becker',
    createdDate: '2024-02-01T12:00:00.000Z',
    updatedDate: '2024-06-03T14:12:09.000Z',
    deleted: false,
  };
}

/** A data object as stored: schema field values keyed by field name, plus `_dataObjectId` and `_version`. */
export interface ExampleDataObject {
  readonly _dataObjectId: string;
  readonly _version: number;
  readonly [field: string]: unknown;
}

export interface ExampleDataSet {
  readonly dataSet: DataSetListItem;
  readonly dataObjects: readonly ExampleDataObject[];
}

function objects(prefix: string, rows: readonly Record<string, unknown>[]): ExampleDataObject[] {
  return rows.map((row, i) => ({
    _dataObjectId: exampleId('20240202080000000', `${prefix}/${i}`),
    _version: 1 + (i % 3),
    ...row,
  }));
}

const retailCustomers = objects('retail', [
  {
    'Customer ID': 'C-10000001',
    'First Name': 'Tim',
    'Last Name': 'Smith',
    Email: 'tim.smith@example.com',
    Phone: '+49 30 1234567',
    'Date of Birth': '04/12/1985',
    Age: 40,
    Status: 'ACT',
    VIP: 'Y',
    Country: 'DE',
    City: 'Berlin',
    'Customer Since': '2019-03-01T09:00:00',
    'Credit Limit': 5000,
    'Loyalty Score': 0.82,
    Tags: ['newsletter', 'online'],
    'Preferred Contact Time': '10:00',
  },
  {
    'Customer ID': 'C-10000002',
    'First Name': 'Jane',
    'Last Name': 'Doe',
    Email: 'jane.doe@example.org',
    Phone: '+33 1 23456789',
    'Date of Birth': '11/30/1992',
    Age: 33,
    Status: 'ACT',
    VIP: 'N',
    Country: 'FR',
    City: 'Paris',
    'Customer Since': '2021-07-15T14:30:00',
    'Credit Limit': 2500,
    'Loyalty Score': 0.47,
    Tags: ['store'],
  },
  {
    'Customer ID': 'C-10000003',
    'First Name': 'John',
    'Last Name': 'Doe',
    Email: 'john.doe@example.com',
    'Date of Birth': '02/28/1958',
    Age: 67,
    Status: 'INA',
    VIP: 'N',
    Country: 'US',
    City: 'New York',
    'Customer Since': '2012-01-09T08:15:00',
    'Credit Limit': 0,
    'Loyalty Score': 0.1,
  },
  {
    'Customer ID': 'C-10000004',
    'First Name': 'Aiko',
    'Last Name': 'Tanaka',
    Email: 'aiko.tanaka@example.jp',
    Phone: '+81 3 1234 5678',
    'Date of Birth': '07/07/2001',
    Age: 24,
    Status: 'PRO',
    VIP: 'N',
    Country: 'JP',
    City: 'Tokyo',
    'Loyalty Score': 0,
    Tags: ['online'],
  },
  {
    'Customer ID': 'C-10000005',
    'First Name': 'Joanna',
    'Last Name': 'van Dijk',
    Email: 'joanna@vandijk.example.nl',
    'Date of Birth': '09/19/1979',
    Age: 46,
    Status: 'ACT',
    VIP: 'Y',
    Country: 'NL',
    City: 'Amsterdam',
    'Customer Since': '2015-05-20T10:00:00',
    'Credit Limit': 12000,
    'Loyalty Score': 0.93,
    Website: 'https://vandijk.example.nl',
    Tags: ['newsletter', 'b2b'],
  },
  {
    'Customer ID': 'C-10000006',
    'First Name': 'Oliver',
    'Last Name': 'Brown',
    Email: 'oliver.brown@example.co.uk',
    'Date of Birth': '01/03/1948',
    Age: 77,
    Status: 'BLK',
    VIP: 'N',
    Country: 'GB',
    City: 'London',
    'Credit Limit': 0,
    'Legacy Customer Number': 'UK-004411',
  },
]);

const contacts = objects('contacts', [
  {
    'Contact ID': 'P-20000001',
    'Customer ID': 'C-10000005',
    'First Name': 'Pieter',
    'Last Name': 'de Vries',
    Email: 'pieter@vandijk.example.nl',
    Role: 'BUY',
    'Primary Contact': 'true',
    'Last Contacted': '14/05/2024',
  },
  {
    'Contact ID': 'P-20000002',
    'Customer ID': 'C-10000005',
    'First Name': 'Sanne',
    'Last Name': 'Bakker',
    Email: 'sanne@vandijk.example.nl',
    Role: 'FIN',
    'Primary Contact': 'false',
    'Last Contacted': '02/02/2024',
  },
]);

const catalogue = objects('catalogue', [
  {
    SKU: 'EL-100234',
    'Product Name': 'Noise Cancelling Headphones',
    Description: 'Over-ear wireless headphones with 30 hours of battery',
    Category: 'ELEC',
    Colour: ['BLK', 'WHT'],
    'Unit Price': 199.99,
    Weight: 0.25,
    'Stock Quantity': 140,
    'Launch Date': '2022-09-01',
    Discontinued: 'false',
    EAN: '4006381333931',
  },
  {
    SKU: 'EL-100987',
    'Product Name': 'Smart Speaker',
    Description: 'Voice controlled speaker',
    Category: 'ELEC',
    Colour: ['BLK'],
    'Unit Price': 89,
    Weight: 0.8,
    'Stock Quantity': 0,
    'Launch Date': '2019-03-15',
    Discontinued: 'true',
  },
  {
    SKU: 'HG-200011',
    'Product Name': 'Garden Hose 25 m',
    Description: 'Kink-free hose with brass fittings',
    Category: 'HOME',
    Colour: ['BLU'],
    'Unit Price': 34.5,
    Weight: 2.1,
    'Stock Quantity': 520,
    'Launch Date': '2021-04-01',
    Discontinued: 'false',
  },
  {
    SKU: 'TY-300450',
    'Product Name': 'Wooden Train Set',
    Description: 'Forty-piece railway for children from 3 years',
    Category: 'TOYS',
    Colour: ['RED', 'BLU'],
    'Unit Price': 49.95,
    Weight: 1.6,
    'Stock Quantity': 75,
    'Launch Date': '2023-10-10',
    Discontinued: 'false',
  },
  {
    SKU: 'SP-400777',
    'Product Name': 'Yoga Mat',
    Description: 'Non-slip mat, 6 mm',
    Category: 'SPRT',
    Colour: ['BLU', 'BLK'],
    'Unit Price': 25,
    Weight: 1.1,
    'Stock Quantity': 310,
    'Launch Date': '2020-01-20',
    Discontinued: 'false',
  },
]);

const vendors = objects('vendors', [
  {
    'Supplier ID': 'S-30000001',
    'Supplier Name': 'Acme Components GmbH',
    'Contact Email': 'sales@acme.example.de',
    Country: 'DE',
    Rating: 5,
    Preferred: '1',
    'Onboarded On': '01.03.2015',
    'Last Audit': '2024-02-12T09:30:00',
    'Payment Terms': 'NET30',
    Certifications: ['ISO9001', 'ISO14001'],
    'Annual Spend': 1250000,
  },
  {
    'Supplier ID': 'S-30000002',
    'Supplier Name': 'Globex Trading Ltd',
    'Contact Email': 'orders@globex.example.co.uk',
    Country: 'GB',
    Rating: 3,
    Preferred: '0',
    'Onboarded On': '15.09.2019',
    'Payment Terms': 'NET60',
    Certifications: ['ISO9001'],
    'Annual Spend': 310000,
  },
  {
    'Supplier ID': 'S-30000003',
    'Supplier Name': 'Nordwood Timber',
    'Contact Email': 'info@nordwood.example.nl',
    Country: 'NL',
    Rating: 4,
    Preferred: '1',
    'Onboarded On': '03.11.2021',
    'Last Audit': '2023-11-30T13:00:00',
    'Payment Terms': 'PIA',
    Certifications: ['FSC'],
    'Annual Spend': 98000,
  },
  {
    'Supplier ID': 'S-30000004',
    'Supplier Name': 'Pacific Plastics Inc.',
    'Contact Email': 'hello@pacificplastics.example.com',
    Country: 'US',
    Rating: 2,
    Preferred: '0',
    'Onboarded On': '20.06.2022',
    'Payment Terms': 'NET30',
    'Annual Spend': 45000,
  },
]);

export const dataSets: readonly ExampleDataSet[] = [
  {
    dataSet: dataSet(
      customerSchema,
      'Retail Customers',
      'Customers of the web shop and the stores',
      retailCustomers.length,
    ),
    dataObjects: retailCustomers,
  },
  {
    dataSet: dataSet(
      customerContactSchema,
      'Business Contacts',
      'Contact persons at B2B customers',
      contacts.length,
    ),
    dataObjects: contacts,
  },
  {
    dataSet: dataSet(productSchema, 'Catalogue 2024', 'The current catalogue', catalogue.length),
    dataObjects: catalogue,
  },
  {
    dataSet: dataSet(
      supplierSchema,
      'Approved Suppliers',
      'Suppliers that passed onboarding',
      vendors.length,
    ),
    dataObjects: vendors,
  },
];

export interface ExampleTenant {
  readonly businessAreas: readonly BusinessAreaResponse[];
  readonly schemas: readonly SchemaResponse[];
  readonly dataSets: readonly ExampleDataSet[];
}

/** The whole example tenant. */
export const exampleTenant: ExampleTenant = { businessAreas, schemas, dataSets };
