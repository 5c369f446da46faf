/** `mdq/valid-query` under ESLint's own RuleTester, against the example tenant's schemas. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import plugin from '../../src/eslint/index.js';
import { exampleSchemas } from '../../src/examples/index.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const dir = mkdtempSync(join(tmpdir(), 'mdq-eslint-'));
writeFileSync(join(dir, 'schemas.json'), JSON.stringify(exampleSchemas));
writeFileSync(
  join(dir, 'mdq.config.json'),
  JSON.stringify({ schemas: ['schemas.json'], rules: { 'pii-field': 'off' } }),
);

const tester = new RuleTester({
  languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
  settings: { mdq: { config: join(dir, 'mdq.config.json') } },
});

const unknownCitty = (column: number, endColumn: number, output: string) => ({
  message:
    'no field "Citty" in the schemas "Customer", "Customer Contact", "Product" and "Supplier"; did you mean "City"? (mdq unknown-field)',
  column,
  endColumn,
  suggestions: [{ desc: 'Use "City"', output }],
});

tester.run('mdq/valid-query', plugin.rules!['valid-query']!, {
  valid: [
    "client.search('City:Berlin AND Status:ACT')",
    'client.searchAll(`[First Name] eq "Ann"`)',
    'mdq`City:${city} AND Age:>${age}`',
    'mdq`Status:${status}`',
    // Not a query: other calls, and values that are not literals.
    "client.find('Citty:Berlin')",
    'client.search(query)',
    "checkQuery('City:Berlin')",
    // An interpolation is one escaped word: its placeholder is never reported.
    'mdq`Status:${s} AND Age:>${n}`',
  ],
  invalid: [
    {
      code: "client.search('Citty:Berlin')",
      errors: [unknownCitty(16, 21, "client.search('City:Berlin')")],
    },
    {
      // Escapes before the span move it: \u0020 is one character of the query, six of the source.
      code: "client.searchPages('\\u0041ge:1 AND Citty:Berlin')",
      errors: [unknownCitty(36, 41, "client.searchPages('\\u0041ge:1 AND City:Berlin')")],
    },
    {
      // A safe fix is an ESLint fix, inside a template with an interpolation before it.
      code: 'mdq`City:${city} AND status:ACT`',
      output: 'mdq`City:${city} AND Status:ACT`',
      errors: [{ messageId: 'diagnostic', column: 22, endColumn: 28 }],
    },
    {
      // Fixed text is escaped for the literal it goes into.
      code: `checkQuery("[first name] eq \\"Ann\\"")`,
      output: `checkQuery("[First Name] eq \\"Ann\\"")`,
      errors: [{ messageId: 'diagnostic', column: 13, endColumn: 25 }],
    },
    {
      code: 'client.search(`City:(Berlin\nOR`)',
      // Across a line break of the template: each problem on its own line.
      output: 'client.search(`City:(Berlin\nOR)`)',
      errors: [
        { messageId: 'diagnostic', line: 1, column: 21, endColumn: 22 },
        {
          messageId: 'diagnostic',
          line: 2,
          column: 1,
          endColumn: 3,
          suggestions: [{ desc: "Remove 'OR'", output: 'client.search(`City:(Berlin\n`)' }],
        },
      ],
    },
  ],
});
