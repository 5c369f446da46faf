/**
 * `mdq demo` (what `npm start` runs): a tour of mdq on built-in example queries,
 * showing the canonical form of valid queries and the diagnostics of broken ones.
 */
import { parse } from '../../language/parse.js';
import { format } from '../../printer/format.js';
import type { Command } from '../command.js';
import { EXIT } from '../io.js';
import { formatDiagnostics } from '../report.js';

const VALID = [
  'Jo* AND "New York"',
  'created:[2020-01-01 TO 2020-12-31] city:(Berlin OR Paris)',
  '[First Name] eq "Tim" and [Age] ge 18',
  'John NOT Doe || email:*@example.com^2',
  'a AND b OR c',
];

const BROKEN = ['(city:Berlin OR city:Paris', '[Status] eq Active', 'city: AND name:"Smith'];

export const demoCommand: Command = {
  summary: 'a tour of mdq on built-in example queries (what `npm start` runs)',
  usage: 'mdq demo',
  async run(_args, io) {
    io.stdout('mdq: the search language of the master-data service\n\n');
    io.stdout('Canonical form (mdq fmt): upper-case operators, minimal escaping, and explicit\nparentheses where AND and OR mix, because the service ignores precedence.\n\n');
    for (const query of VALID) io.stdout(`  ${query}\n  => ${format(query)}\n\n`);
    io.stdout('Diagnostics (mdq parse): every error, with its position and a fix where one is obvious.\n\n');
    for (const query of BROKEN) {
      const { diagnostics } = parse(query);
      io.stdout(`  ${query}\n`);
      io.stdout(formatDiagnostics(query, diagnostics, { color: io.color }).replace(/^(?=.)/gm, '    '));
      io.stdout('\n');
    }
    return EXIT.ok;
  },
};
