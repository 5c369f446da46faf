/** DiagnosticCollector: past its limit, diagnostics are counted, in all and by code. */
import { expect, it } from 'vitest';
import { DiagnosticCollector } from '../../src/language/diagnostic-collector.js';
import type { Diagnostic } from '../../src/language/diagnostic.js';

const at = (
  code: string,
  start: number,
  severity: Diagnostic['severity'] = 'error',
): Diagnostic => ({ code, severity, message: code, span: { start, end: start + 1 } });

it('keeps up to its limit, and counts the rest by code, built or not', () => {
  const collected = new DiagnosticCollector(2);
  collected.add(at('a', 0));
  collected.add(at('b', 1));
  expect(collected.droppedByCode).toBeUndefined();
  collected.add(at('b', 2, 'warning'));
  collected.add(at('c', 3));
  collected.addUnbuilt(5, 'hint', 'b');
  collected.addUnbuilt(0, 'error', 'd');
  expect(collected.kept.map((d) => d.code)).toEqual(['a', 'b']);
  expect(collected.dropped).toBe(7);
  expect(Object.fromEntries(collected.droppedByCode!)).toEqual({ b: 6, c: 1 });
  expect(collected.overflow()).toMatchObject({
    code: 'too-many-errors',
    severity: 'error',
    span: { start: 2, end: 3 },
    message: '7 more diagnostics not shown: the limit maxDiagnostics is 2',
  });
});
