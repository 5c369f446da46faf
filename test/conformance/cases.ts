/**
 * Reads the recorded conformance cases (grammar/cases/lucene-8.7.jsonl), the marks of
 * deliberate differences (differences.json) and the query list they were made from
 * (queries.txt), checking their shape so a damaged file fails with a clear message.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type LuceneAnswer =
  | { readonly accepted: true; readonly query: string }
  | { readonly accepted: false; readonly error: string };

export interface ConformanceCase {
  readonly query: string;
  readonly lucene: LuceneAnswer;
  /** "<category>: <why>" when mdq deliberately differs from Lucene on this query. */
  readonly difference?: string;
}

const casesDir = new URL('../../grammar/cases/', import.meta.url);

export const CASE_FILES = {
  recorded: fileURLToPath(new URL('lucene-8.7.jsonl', casesDir)),
  differences: fileURLToPath(new URL('differences.json', casesDir)),
  queries: fileURLToPath(new URL('queries.txt', casesDir)),
  readme: fileURLToPath(new URL('README.md', casesDir)),
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toCase(value: unknown, where: string): ConformanceCase {
  if (!isRecord(value) || typeof value.query !== 'string' || !isRecord(value.lucene)) {
    throw new Error(`${where}: expected {"query": string, "lucene": {...}}`);
  }
  const { accepted, query, error } = value.lucene;
  let lucene: LuceneAnswer;
  if (accepted === true && typeof query === 'string') lucene = { accepted, query };
  else if (accepted === false && typeof error === 'string') lucene = { accepted, error };
  else
    throw new Error(
      `${where}: "lucene" must be {"accepted": true, "query": string} or {"accepted": false, "error": string}`,
    );
  if (value.difference !== undefined && typeof value.difference !== 'string')
    throw new Error(`${where}: "difference" must be a string`);
  return value.difference === undefined
    ? { query: value.query, lucene }
    : { query: value.query, lucene, difference: value.difference };
}

/** The recorded cases, in file order. */
export function loadCases(path: string = CASE_FILES.recorded): ConformanceCase[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line, i) => ({ line, where: `${path}:${i + 1}` }))
    .filter(({ line }) => line !== '')
    .map(({ line, where }) => toCase(JSON.parse(line) as unknown, where));
}

/** differences.json: query text -> "<category>: <why>". */
export function loadDifferences(path: string = CASE_FILES.differences): Record<string, string> {
  const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (!isRecord(value) || !Object.values(value).every((v) => typeof v === 'string')) {
    throw new Error(`${path}: expected an object mapping query text to "<category>: <why>"`);
  }
  return value as Record<string, string>;
}

/** The queries of queries.txt, skipping what the recorder skips: blank lines (Java's trim) and lines starting with '#'. */
export function loadQueryLines(path: string = CASE_FILES.queries): string[] {
  return readFileSync(path, 'utf8')
    .split(/\r\n|\r|\n/)
    .filter((line) => !/^[\u0000-\u0020]*$/.test(line) && !line.startsWith('#'));
}
