/**
 * Every response the tests receive is recorded here, and test/emulator/openapi.test.ts
 * validates each against the OpenAPI document. Recording happens in each test file's
 * own process, so each file validates what it saw in an afterAll.
 */
export interface RecordedResponse {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly body: unknown;
  readonly text: string;
}

export const recorded: RecordedResponse[] = [];

export function recordResponse(method: string, path: string, status: number, contentType: string | null, body: unknown, text: string): void {
  recorded.push({ method, path: path.split('?')[0]!, status, contentType, body, text });
}
