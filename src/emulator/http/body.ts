/** Reading a request body: bounded in size (alone and with every other upload) and depth, JSON in UTF-8 only, every failure a clear 4xx (or a 503 to send again). */
import type { IncomingMessage } from 'node:http';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';
import { jsonSyntaxProblem } from './json-error.js';
import { ApiError, badRequest } from './reply.js';
import { bodyTooLarge, type UploadBudget } from './upload-budget.js';

// Fatal: bytes that are not UTF-8 are refused, not stored as U+FFFD and acknowledged. A leading
// byte order mark is dropped, as Jackson's byte source does (JSON.parse would refuse it).
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the whole body, refusing more than the budget's `maxBodyBytes` with a 413 and
 * a body the budget of all uploads cannot hold with a 503 (without buffering the rest).
 */
export async function readBody(request: IncomingMessage, budget: UploadBudget): Promise<Buffer> {
  const limit = budget.maxBodyBytes;
  // Refused before it is sent, rather than cut off half-way.
  budget.admit(Number(request.headers['content-length']));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > limit) throw bodyTooLarge(limit);
      budget.take((chunk as Buffer).length);
      chunks.push(chunk as Buffer);
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    // The client went away (or the server is stopping) before the body was complete: nothing was changed.
    throw badRequest(`the request body ended after ${size} bytes, before it was complete`);
  } finally {
    // Taken chunk by chunk, given back at once: the chunks held are these. (The parsed body that follows is brief.)
    budget.give(chunks.reduce((sum, c) => sum + c.length, 0));
  }
  return Buffer.concat(chunks);
}

/** The body as a JSON object: 415 for another content type, 400 for malformed JSON or a non-object. */
export async function readJsonObject(
  request: IncomingMessage,
  budget: UploadBudget,
): Promise<Record<string, unknown>> {
  const type = request.headers['content-type'] ?? '';
  const mediaType = type.split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new ApiError(
      415,
      `the request body must be JSON with Content-Type: application/json${type ? `, not ${JSON.stringify(type.slice(0, 100))}` : ''}`,
    );
  }
  // Node removes the chunked framing, nothing else: compressed bytes would be read as JSON (or refused as not UTF-8).
  const codings = [
    request.headers['content-encoding'] ?? '',
    String(request.headers['transfer-encoding'] ?? '').replace(/\bchunked\b/gi, ''),
  ].join(',');
  if (codings.split(',').some((c) => c.trim() !== '' && c.trim().toLowerCase() !== 'identity')) {
    throw new ApiError(
      415,
      'the request body must not be compressed (Content-Encoding or Transfer-Encoding other than chunked): send it as plain JSON',
    );
  }
  const raw = await readBody(request, budget);
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw badRequest('the request body is not valid UTF-8');
  }
  if (nestsDeeperThan(raw, MAX_JSON_DEPTH))
    throw badRequest(
      `the request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`,
    );
  let value: unknown;
  let overflow = false;
  try {
    // A number past a double's range (1e309) parses as Infinity, which JSON writes as null: acknowledged as
    // sent, it would be served as Infinity and come back from the journal as no value at all.
    value = JSON.parse(text, (_key, v: unknown) => {
      if (typeof v === 'number' && !Number.isFinite(v)) overflow = true;
      return v;
    });
  } catch (e) {
    throw badRequest(`the request body is not valid JSON: ${jsonSyntaxProblem(e)}`);
  }
  if (overflow)
    throw badRequest(
      'the request body holds a number beyond the range of a double (about 1.8e308)',
    );
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest('the request body must be a JSON object');
  return value as Record<string, unknown>;
}
