/**
 * `mdq demo`: a tour of mdq on built-in example queries (`npm start` runs the playground instead),
 * showing the canonical form of valid queries, the diagnostics of broken ones, and
 * the checker at work on realistic queries against the example tenant.
 */
import { check, fixQuery, format, parse } from '../../index.js';
import { exampleSchemas } from '../../examples/index.js';
import type { Command } from '../command.js';
import { parseCommandArgs } from '../args.js';
import { EXIT, UsageError } from '../io.js';
import { formatDiagnostics } from '../report.js';

const VALID = [
  'Jo* AND "New York"',
  'created:[2020-01-01 TO 2020-12-31] city:(Berlin OR Paris)',
  '[First Name] eq "Tim" and [Age] ge 18',
  'John NOT Doe || email:*@example.com^2',
  'a AND b OR c',
];

const BROKEN = ['(city:Berlin OR city:Paris', '[Status] eq Active', 'city: AND name:"Smith'];

/** Queries a person might type against the example tenant, each with a typical mistake. */
const LINTED = [
  '[Fist Name] eq "Tim" and [Age] ge 18',
  'First Name:John AND Country:Germany',
  '[Date of Birth] eq "04/12/1985" OR VIP:yes',
  'Status:ACT AND City:Berlin OR City:Paris',
  '[Age] gt 65 and [Age] lt 18',
  'Launch\\ Date:[2021-06-01 TO 2021-02-30] AND Colour:(BLK or WHT)',
  'NOT Status:INA',
];

const usage = 'mdq demo';

export const demoCommand: Command = {
  summary: 'a tour of mdq on built-in example queries',
  usage,
  help: {
    examples: ['mdq demo', 'mdq demo | less'],
  },
  options: {},
  async run(args, io) {
    // It takes nothing: `mdq demo --json` or `mdq demo x` is a mistake worth saying, not a tour.
    const { positionals } = parseCommandArgs(args, {}, usage);
    if (positionals.length > 0)
      throw new UsageError(`unexpected argument '${positionals[0]}'\nusage: ${usage}`);
    io.stdout('mdq: the search language of the master-data service\n\n');
    io.stdout(
      'Canonical form (mdq fmt): upper-case operators, minimal escaping, and explicit\nparentheses where AND and OR mix, because the service ignores precedence.\n\n',
    );
    for (const query of VALID) io.stdout(`  ${query}\n  => ${format(query)}\n\n`);
    io.stdout(
      'Diagnostics (mdq parse): every error, with its position and a fix where one is obvious.\n\n',
    );
    for (const query of BROKEN) {
      const { diagnostics } = parse(query);
      io.stdout(`  ${query}\n`);
      io.stdout(
        formatDiagnostics(query, diagnostics, { color: io.color }).replace(/^(?=.)/gm, '    '),
      );
      io.stdout('\n');
    }
    const tenant = exampleSchemas.map((s) => `${s.name} (${s.businessAreaName})`).join(', ');
    io.stdout(
      `Checking against a schema (mdq lint --example): the example tenant's schemas\n${tenant}.\nEvery mistake gets a code, a message and, where possible, a fix.\n\n`,
    );
    for (const query of LINTED) {
      io.stdout(`  ${query}\n`);
      io.stdout(
        formatDiagnostics(query, check(query, { schema: exampleSchemas }), {
          color: io.color,
        }).replace(/^(?=.)/gm, '    '),
      );
      const fixed = fixQuery(query, { schema: exampleSchemas });
      if (fixed.text !== query)
        io.stdout(
          `    => mdq fmt --fix: ${fixed.diagnostics.some((d) => d.severity === 'error') ? fixed.text : format(fixed.text)}\n`,
        );
      io.stdout('\n');
    }
    return EXIT.ok;
  },
};
