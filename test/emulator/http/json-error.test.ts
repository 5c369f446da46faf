/** JSON syntax errors described without quoting the text (a secret may be in it). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxProblem } from '../../../src/emulator/http/json-error.js';

function refusal(text: string): unknown {
  try {
    JSON.parse(text);
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('jsonSyntaxProblem', () => {
  it('never quotes four characters in a row of a secret in the refused text, wherever it stands', () => {
    // Letters and digits that no message of V8's spells (nor a position below 1000).
    const secret = fc.stringMatching(/^[qxzQXZ0-9]{6,30}$/).filter((s) => /[qxzQXZ]/.test(s));
    const frame = fc.constantFrom(
      (s: string) => `{"client_id":"mdq-demo","client_secret":${s}}`,
      (s: string) => `{"client_secret":"${s}" "x"}`,
      (s: string) => `{"client_secret":"${s}",}`,
      (s: string) => `{"client_secret":"${s}`,
      (s: string) => s,
      (s: string) => `[1,2,${s}]`,
      (s: string) => `{"a":"b"}${s}`,
      (s: string) => `{"client_secret":"${s}\u0001"}`,
    );
    fc.assert(
      fc.property(secret, frame, fc.string({ maxLength: 20 }), (s, wrap, tail) => {
        const text = wrap(s) + tail;
        const error = refusal(text);
        fc.pre(error !== undefined);
        const problem = jsonSyntaxProblem(error);
        for (let i = 0; i + 4 <= s.length; i++) expect(problem).not.toContain(s.slice(i, i + 4));
      }),
    );
  });

  it('keeps what V8 says when it names only the kind of error and its position', () => {
    expect(jsonSyntaxProblem(refusal('{"a": 1,}'))).toMatch(
      /^Expected double-quoted property name in JSON at position 8/,
    );
    expect(jsonSyntaxProblem(refusal('{"a": '))).toBe('Unexpected end of JSON input');
    expect(jsonSyntaxProblem(refusal('{"a": hush}'))).toBe('an unexpected character');
  });
});
