/**
 * The OpenAPI 3.1 description of the interface as the emulator answers it, served at
 * /openapi.json and exported as `openApiDocument`. The test suite validates every
 * response the emulator sends against it. Emulator extensions are marked
 * `x-emulator-extension`.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** A page of a pageKey-paged list: its items, and the key of the next page when there is one. */
const pageOf = (item: string) => ({
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: {
    items: { type: 'array', items: ref(item) },
    nextPageKey: { type: 'string', minLength: 1 },
  },
});
const jsonContent = (schema: unknown) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: jsonContent(ref('Error')) });

/** Answers any operation may give: authentication, and the statuses faults inject (the service may give them too). */
const COMMON = {
  '401': error('Missing, invalid or expired access token, or a `Bearer ` prefix'),
  '429': {
    description: 'Too many requests (rate limiting; an injected fault)',
    headers: { 'Retry-After': { schema: { type: 'string' } } },
    content: jsonContent(ref('Error')),
  },
  '500': error('Unexpected server error'),
  '502': error('Bad gateway (an injected fault)'),
  '503': {
    description:
      'Unavailable: an injected fault, the emulator stopping, more request bodies at once than its upload budget, more answers waiting to be read than its budget of unsent bytes, or a change its data folder cannot take, which is not made (send again after Retry-After)',
    headers: { 'Retry-After': { schema: { type: 'string' } } },
    content: jsonContent(ref('Error')),
  },
  '504': error('Gateway timeout (an injected fault)'),
};
const BODY_ERRORS = {
  '413': error('The request body is larger than the limit'),
  '415': error('The request body is not application/json, or is compressed'),
};

const pathParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
const pageKey = {
  name: 'pageKey',
  in: 'query',
  required: false,
  description: 'The nextPageKey of the previous page',
  schema: { type: 'string' },
};
const BA = pathParam('businessAreaId', 'Business area id');
const SCHEMA = pathParam('schemaId', 'Schema id');
const DATASET = pathParam('dataSetId', 'Dataset id');
const OBJECT = pathParam('dataObjectId', 'Data object id');

const timestamp = { type: 'string', description: 'ISO 8601 timestamp' };
const tokenOperation = (summary: string) => ({
  summary,
  security: [],
  requestBody: { required: true, content: jsonContent(ref('TokenRequest')) },
  responses: {
    '200': { description: 'An access token', content: jsonContent(ref('TokenResponse')) },
    '400': error('A required field is missing, or the body is not a JSON object'),
    '401': error('Invalid client credentials'),
    ...BODY_ERRORS,
    '429': COMMON['429'],
    '500': COMMON['500'],
    '502': COMMON['502'],
    '503': COMMON['503'],
    '504': COMMON['504'],
  },
});

/**
 * The document's outline. Below it, OpenAPI and JSON Schema objects are typed loosely on
 * purpose: the literal type of the whole document weighed 90 KB in each declaration file.
 */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly unknown[];
  readonly security: readonly unknown[];
  readonly paths: { readonly [path: string]: { readonly [method: string]: unknown } };
  readonly components: {
    readonly securitySchemes: { readonly [name: string]: unknown };
    readonly schemas: { readonly [name: string]: unknown };
  };
}

export const openApiDocument: OpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Master Data Search and Metadata Service (mdq emulator)',
    version: '1.0.0',
    description:
      'The interface of the master-data service, as `mdq serve` answers it. Every other request carries the access token alone in the Authorization header (no `Bearer ` prefix). Error bodies are `{ message }`.',
  },
  servers: [{ url: '/' }],
  security: [{ accessToken: [] }],
  paths: {
    '/oauth2/token': { post: tokenOperation('Exchange client credentials for an access token') },
    '/v1/oauth2/token': {
      post: tokenOperation('Exchange client credentials for an access token (the versioned path)'),
    },
    '/dataobjects/search': {
      get: {
        summary: 'Search data objects',
        parameters: [
          {
            name: 'query',
            in: 'query',
            required: true,
            schema: { type: 'string' },
            description: 'Search expression',
          },
          {
            name: 'businessArea',
            in: 'query',
            required: false,
            schema: { type: 'string', default: 'all' },
            description: 'Business area name; absent or all means every accessible one',
          },
          {
            name: 'schema',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'Schema name',
          },
          {
            name: 'dataSet',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'Dataset name',
          },
          {
            name: 'from',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 0, default: 0 },
          },
          {
            name: 'size',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 0, default: 10 },
            description: 'from + size is at most the result window (10 000 by default)',
          },
        ],
        responses: {
          '200': {
            description: 'The matching data objects',
            content: jsonContent(ref('SearchResponse')),
          },
          '400': {
            description:
              'Missing query, invalid parameter values, invalid query syntax (then with diagnostics), or an answer whose JSON would pass 512 MiB (ask for fewer hits)',
            content: jsonContent(ref('SearchError')),
          },
          '403': error('No access to the business area, schema or dataset named'),
          ...COMMON,
        },
      },
    },
    '/v1/my/businessareas': {
      get: {
        summary: 'List the business areas the client may access',
        responses: {
          '200': {
            description:
              'The business areas: `{ response: [...] }`, or the bare array of the sample (an option)',
            content: jsonContent(ref('BusinessAreaList')),
          },
          '403': error('Missing permission'),
          ...COMMON,
        },
      },
    },
    '/v1/businessareas/{businessAreaId}/schemas': {
      get: {
        summary: 'List the schemas of a business area',
        parameters: [BA, pageKey],
        responses: {
          '200': { description: 'A page of schemas', content: jsonContent(ref('SchemaList')) },
          '400': error('Invalid pageKey'),
          '403': error('Missing permission'),
          '404': error('The business area does not exist or is not accessible'),
          ...COMMON,
        },
      },
    },
    '/v1/businessareas/{businessAreaId}/schemas/{schemaId}': {
      get: {
        summary: 'Get a schema with its field definitions',
        parameters: [BA, SCHEMA],
        responses: {
          '200': { description: 'The schema', content: jsonContent(ref('SchemaDetail')) },
          '400': error('A path segment is not valid percent-encoding'),
          '403': error('Missing permission'),
          '404': error('The schema or business area does not exist or is not accessible'),
          ...COMMON,
        },
      },
    },
    '/v1/businessareas/{businessAreaId}/schemas/{schemaId}/datasets': {
      get: {
        summary: 'List the datasets of a schema',
        parameters: [BA, SCHEMA, pageKey],
        responses: {
          '200': { description: 'A page of datasets', content: jsonContent(ref('DataSetList')) },
          '400': error('Invalid pageKey'),
          '403': error('Missing permission'),
          '404': error('The business area or schema does not exist or is not accessible'),
          ...COMMON,
        },
      },
    },
    '/v1/businessareas/{businessAreaId}/schemas/{schemaId}/datasets/{dataSetId}/dataobjects': {
      get: {
        summary: 'List the data objects of a dataset (with _version)',
        parameters: [BA, SCHEMA, DATASET, pageKey],
        responses: {
          '200': {
            description: 'A page of data objects',
            content: jsonContent(ref('DataObjectList')),
          },
          '400': error('Invalid pageKey'),
          '403': error('Missing permission'),
          '404': error('Any of the identified resources does not exist or is not accessible'),
          ...COMMON,
        },
      },
      post: {
        summary: 'Create a data object (created even when values break the field rules)',
        parameters: [BA, SCHEMA, DATASET],
        requestBody: {
          required: true,
          content: jsonContent({
            type: 'object',
            additionalProperties: true,
            description: 'Values keyed by exact field name',
          }),
        },
        responses: {
          '201': { description: 'Created', content: jsonContent(ref('CreateResponse')) },
          '400': error('Malformed JSON, not an object, or unknown field names'),
          '403': error('The client may not change this dataset'),
          '404': error('Any of the identified resources does not exist or is not accessible'),
          ...BODY_ERRORS,
          ...COMMON,
        },
      },
    },
    '/v1/businessareas/{businessAreaId}/schemas/{schemaId}/datasets/{dataSetId}/dataobjects/{dataObjectId}':
      {
        get: {
          summary: 'Read one data object (with _version)',
          'x-emulator-extension': true,
          parameters: [BA, SCHEMA, DATASET, OBJECT],
          responses: {
            '200': { description: 'The data object', content: jsonContent(ref('DataObject')) },
            '400': error('A path segment is not valid percent-encoding'),
            '403': error('Missing permission'),
            '404': error('Any of the identified resources does not exist or is not accessible'),
            ...COMMON,
          },
        },
        put: {
          summary: 'Update fields of a data object under optimistic locking',
          parameters: [BA, SCHEMA, DATASET, OBJECT],
          requestBody: { required: true, content: jsonContent(ref('UpdateRequest')) },
          responses: {
            '204': { description: 'Updated; the version was incremented' },
            '400': {
              description:
                'Invalid body, malformed JSON, unknown field names, or a _version that differs from the stored one',
              content: jsonContent(ref('UpdateError')),
            },
            '403': error('The client may not change this dataset'),
            '404': error('Any of the identified resources does not exist or is not accessible'),
            ...BODY_ERRORS,
            ...COMMON,
          },
        },
        delete: {
          summary: 'Delete a data object (soft)',
          parameters: [BA, SCHEMA, DATASET, OBJECT],
          responses: {
            '204': { description: 'Deleted' },
            '400': error('A path segment is not valid percent-encoding'),
            '403': error('The client may not change this dataset'),
            '404': error('Any of the identified resources does not exist or is not accessible'),
            ...COMMON,
          },
        },
      },
    '/openapi.json': {
      get: {
        summary: 'This document',
        'x-emulator-extension': true,
        security: [],
        responses: {
          '200': {
            description: 'The OpenAPI document',
            content: jsonContent({ type: 'object', required: ['openapi', 'paths'] }),
          },
        },
      },
    },
    '/_emulator/faults': {
      put: {
        summary: 'Set the fault configuration',
        'x-emulator-extension': true,
        security: [],
        requestBody: { required: true, content: jsonContent(ref('FaultConfig')) },
        responses: {
          '204': { description: 'Set' },
          '400': error('Invalid fault config'),
          ...BODY_ERRORS,
        },
      },
      delete: {
        summary: 'Turn faults off',
        'x-emulator-extension': true,
        security: [],
        responses: { '204': { description: 'Faults off' } },
      },
    },
  },
  components: {
    securitySchemes: {
      accessToken: {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: 'The access_token alone, without a Bearer prefix',
      },
    },
    schemas: {
      Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
      TokenRequest: {
        type: 'object',
        required: ['client_id', 'client_secret'],
        properties: { client_id: { type: 'string' }, client_secret: { type: 'string' } },
      },
      TokenResponse: {
        type: 'object',
        required: ['access_token', 'expires_in', 'token_type'],
        additionalProperties: false,
        properties: {
          access_token: { type: 'string', minLength: 1 },
          expires_in: { type: 'number', exclusiveMinimum: 0 },
          token_type: { type: 'string' },
        },
      },
      Span: {
        type: 'object',
        required: ['start', 'end'],
        properties: {
          start: { type: 'integer', minimum: 0 },
          end: { type: 'integer', minimum: 0 },
        },
      },
      Diagnostic: {
        type: 'object',
        description:
          "An mdq diagnostic (the real service gives none): a stable code, severity, message and the query's span",
        required: ['code', 'severity', 'message', 'span'],
        properties: {
          code: { type: 'string' },
          severity: { enum: ['error', 'warning', 'info', 'hint'] },
          message: { type: 'string' },
          span: ref('Span'),
          fixes: {
            type: 'array',
            items: {
              type: 'object',
              required: ['title', 'edits'],
              properties: {
                title: { type: 'string' },
                edits: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['span', 'text'],
                    properties: { span: ref('Span'), text: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
      SearchError: {
        allOf: [ref('Error')],
        properties: {
          diagnostics: {
            type: 'array',
            items: ref('Diagnostic'),
            description: 'For invalid query syntax: every syntax error (an emulator extension)',
          },
        },
      },
      Hit: {
        type: 'object',
        description:
          'The metadata fields, then one property per schema field keyed by its exact name',
        required: [
          '_dataObjectId',
          '_businessAreaName',
          '_schemaName',
          '_dataSetName',
          '_businessAreaId',
          '_schemaId',
          '_dataSetId',
        ],
        properties: {
          _dataObjectId: { type: 'string' },
          _businessAreaName: { type: 'string' },
          _schemaName: { type: 'string' },
          _dataSetName: { type: 'string' },
          _businessAreaId: { type: 'string' },
          _schemaId: { type: 'string' },
          _dataSetId: { type: 'string' },
        },
        not: { anyOf: [{ required: ['_version'] }, { required: ['_errors'] }] },
        additionalProperties: true,
      },
      SearchResponse: {
        type: 'object',
        required: ['hits', 'total'],
        additionalProperties: false,
        properties: {
          hits: { type: 'array', items: ref('Hit') },
          total: { type: 'integer', minimum: 0 },
          diagnostics: {
            type: 'array',
            items: ref('Diagnostic'),
            description: "What mdq's checker says about the query (an emulator extension)",
            minItems: 1,
          },
        },
      },
      BusinessArea: {
        type: 'object',
        required: ['businessAreaId', 'name'],
        properties: {
          businessAreaId: { type: 'string' },
          name: { type: 'string' },
          description: { type: 'string' },
          active: { type: 'boolean' },
          createdBy: { type: 'string' },
          updatedBy: { type: 'string' },
          createdDate: timestamp,
          updatedDate: timestamp,
          version: { type: 'integer' },
        },
      },
      BusinessAreaList: {
        oneOf: [
          {
            type: 'object',
            required: ['response'],
            properties: { response: { type: 'array', items: ref('BusinessArea') } },
          },
          { type: 'array', items: ref('BusinessArea') },
        ],
      },
      SchemaListItem: {
        type: 'object',
        required: ['schemaId', 'name', 'businessAreaId', 'businessAreaName'],
        properties: {
          schemaId: { type: 'string' },
          name: { type: 'string' },
          description: { type: 'string' },
          businessAreaId: { type: 'string' },
          businessAreaName: { type: 'string' },
          active: { type: 'boolean' },
          state: { type: 'string' },
          fieldsCount: { type: 'integer', minimum: 0 },
          dataSetCount: { type: 'integer', minimum: 0 },
          runningJobsCount: { type: 'integer', minimum: 0 },
          version: { type: 'integer' },
          createdBy: { type: 'string' },
          createdByEmail: { type: 'string' },
          updatedBy: { type: 'string' },
          updatedByEmail: { type: 'string' },
          createdDate: timestamp,
          updatedDate: timestamp,
          deleted: { type: 'boolean' },
        },
      },
      SchemaList: pageOf('SchemaListItem'),
      SchemaField: {
        type: 'object',
        required: ['name'],
        properties: {
          fieldId: { type: 'string' },
          name: { type: 'string' },
          description: { type: 'string' },
          active: { type: 'boolean' },
          dataType: { type: 'string' },
          isPrimaryKey: { type: 'boolean' },
          isSortKey: { type: 'boolean' },
          isRequired: { type: 'boolean' },
          isMultivalue: { type: 'boolean' },
          isPII: { type: 'boolean' },
          min: { type: ['number', 'string'] },
          max: { type: ['number', 'string'] },
          classifiers: {
            type: 'array',
            items: {
              type: 'object',
              properties: { tagId: { type: 'string' }, tagName: { type: 'string' } },
            },
          },
          validationRules: { type: 'array' },
          allowedBooleanValues: { type: 'string' },
          picklistType: { type: 'string' },
          staticPicklist: {
            type: 'array',
            items: {
              type: 'object',
              required: ['code'],
              properties: { code: { type: 'string' }, description: { type: 'string' } },
            },
          },
          dataDomainId: { type: 'string' },
          dateFormat: { type: 'string' },
          dateSeparator: { type: 'string' },
          timeFormat: { type: 'string' },
          maxWidth: { type: 'integer' },
          maxHeight: { type: 'integer' },
          maxSize: { type: 'integer' },
          createdBy: { type: 'string' },
          updatedBy: { type: 'string' },
          createdDate: timestamp,
          updatedDate: timestamp,
        },
      },
      SchemaDetail: {
        type: 'object',
        required: [
          'schemaId',
          'name',
          'businessAreaId',
          'businessAreaName',
          'createdDate',
          'fields',
        ],
        properties: {
          schemaId: { type: 'string' },
          name: { type: 'string' },
          description: { type: 'string' },
          businessAreaId: { type: 'string' },
          businessAreaName: { type: 'string' },
          version: { type: 'integer' },
          createdBy: { type: 'string' },
          updatedBy: { type: 'string' },
          createdDate: timestamp,
          updatedDate: timestamp,
          fields: { type: 'array', items: ref('SchemaField') },
        },
      },
      DataSetListItem: {
        type: 'object',
        required: [
          'dataSetId',
          'dataSetName',
          'businessAreaId',
          'businessAreaName',
          'schemaId',
          'schemaName',
        ],
        properties: {
          dataSetId: { type: 'string' },
          dataSetName: { type: 'string' },
          dataSetDescription: { type: 'string' },
          businessAreaId: { type: 'string' },
          businessAreaName: { type: 'string' },
          schemaId: { type: 'string' },
          schemaName: { type: 'string' },
          recordCount: { type: 'integer', minimum: 0 },
          erroredRecordsCount: { type: 'integer', minimum: 0 },
          runningJobsCount: { type: 'integer', minimum: 0 },
          version: { type: 'integer' },
          createdBy: { type: 'string' },
          createdByEmail: { type: 'string' },
          createdByName: { type: 'string' },
          updatedBy: { type: 'string' },
          updatedByEmail: { type: 'string' },
          updatedByName: { type: 'string' },
          createdDate: timestamp,
          updatedDate: timestamp,
          deleted: { type: 'boolean' },
        },
      },
      DataSetList: pageOf('DataSetListItem'),
      FieldErrors: {
        type: 'object',
        required: ['name', 'errors'],
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          errors: { type: 'array', items: { type: 'string' }, minItems: 1 },
        },
      },
      DataObject: {
        type: 'object',
        description:
          'A data object as listed: _dataObjectId, _version, _errors, then one property per field',
        required: ['_dataObjectId', '_version', '_errors'],
        properties: {
          _dataObjectId: { type: 'string' },
          _version: { type: 'integer', minimum: 1 },
          _errors: { type: 'array', items: ref('FieldErrors') },
        },
        additionalProperties: true,
      },
      DataObjectList: pageOf('DataObject'),
      CreateResponse: {
        type: 'object',
        required: ['_dataObjectId', '_version', '_errors'],
        additionalProperties: false,
        properties: {
          _dataObjectId: { type: 'string' },
          _version: { type: 'integer', minimum: 1 },
          _errors: { type: 'array', items: ref('FieldErrors') },
        },
      },
      UpdateRequest: {
        type: 'object',
        required: ['_version'],
        properties: { _version: { type: 'integer', description: 'Must equal the stored version' } },
        additionalProperties: true,
      },
      UpdateError: {
        allOf: [ref('Error')],
        properties: { storedVersion: { type: 'integer' }, sentVersion: { type: 'integer' } },
      },
      FaultConfig: {
        type: 'object',
        required: ['rules'],
        properties: {
          seed: { type: 'number' },
          rules: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              properties: {
                route: { type: 'string', description: 'METHOD /path, * matching any characters' },
                latencyMs: { type: 'number', minimum: 0 },
                status: { enum: [429, 500, 502, 503, 504] },
                retryAfter: { type: ['number', 'string'] },
                probability: { type: 'number', minimum: 0, maximum: 1 },
                drop: { enum: ['before', 'after'] },
                expireTokens: { type: 'boolean' },
                times: { type: 'integer', minimum: 0 },
              },
            },
          },
        },
      },
    },
  },
} as const;
