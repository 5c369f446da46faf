/**
 * Every response the tests receive is recorded here and, when the test file ends,
 * validated against the OpenAPI document (ajv, JSON Schema 2020-12 as OpenAPI 3.1
 * uses it): the status must be documented for the operation, and a JSON body must
 * match the documented schema. helpers.ts registers the check for every test file.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { openApiDocument } from '../../src/emulator/openapi.js';

export interface RecordedResponse {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly body: unknown;
  readonly text: string;
}

export const recorded: RecordedResponse[] = [];

export function recordResponse(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
  text: string,
): void {
  recorded.push({ method, path: path.split('?')[0]!, status, contentType, body, text });
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(openApiDocument, 'openapi');

type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };
const paths = openApiDocument.paths as unknown as Record<string, Record<string, Operation>>;
const templates = Object.keys(paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function validate(schemaPointer: string, body: unknown): string | null {
  const validator = ajv.getSchema(`openapi#/${schemaPointer}`);
  if (validator === undefined) return `no schema at ${schemaPointer}`;
  if (validator(body)) return null;
  return ajv.errorsText(validator.errors);
}

/** What is wrong with one response, or null when it is as documented. */
export function problemOf(response: RecordedResponse): string | null {
  const where = `${response.method} ${response.path} ${response.status}`;
  const match = templates.find((t) => t.pattern.test(response.path));
  // HEAD is the GET without its body (HTTP requires it wherever GET is answered).
  const head = response.method === 'HEAD';
  if (head && response.text !== '') return `${where}: a HEAD answer with a body`;
  const operation =
    match === undefined
      ? undefined
      : paths[match.template]![head ? 'get' : response.method.toLowerCase()];
  if (match === undefined || operation === undefined) {
    // No such operation: an unknown path (404) or a method the path does not allow (405), with an error body.
    const expected = match === undefined ? [404, 400] : [405];
    if (!expected.includes(response.status))
      return `${where}: not an operation of the document, yet not a ${expected.join('/')}`;
    if (head) return null;
    return (
      validate(pointer('components', 'schemas', 'Error'), response.body) &&
      `${where}: ${validate(pointer('components', 'schemas', 'Error'), response.body)}`
    );
  }
  const documented = operation.responses[String(response.status)];
  if (documented === undefined)
    return `${where}: status not documented for ${response.method} ${match.template}`;
  if (documented.content === undefined)
    return response.text === '' ? null : `${where}: documented without a body, but has one`;
  if (head) return null;
  if (!response.contentType?.startsWith('application/json'))
    return `${where}: content type ${response.contentType}, documented application/json`;
  const error = validate(
    pointer(
      'paths',
      match.template,
      response.method.toLowerCase(),
      'responses',
      String(response.status),
      'content',
      'application/json',
      'schema',
    ),
    response.body,
  );
  return error === null ? null : `${where}: ${error}`;
}

/** The problems of every response recorded so far (each kind of problem once). */
export function recordedProblems(): string[] {
  return [...new Set(recorded.map(problemOf).filter((p): p is string => p !== null))];
}
