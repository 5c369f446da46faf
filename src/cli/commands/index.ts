/** Every `mdq` subcommand, by name. */
import type { Command } from '../command.js';
import { codegenCommand } from './codegen.js';
import { demoCommand } from './demo.js';
import { fieldsCommand } from './fields.js';
import { fmtCommand } from './fmt.js';
import { lintCommand } from './lint.js';
import { parseCommand } from './parse.js';
import { serveCommand } from './serve.js';

export const commands: Readonly<Record<string, Command>> = {
  parse: parseCommand,
  fmt: fmtCommand,
  lint: lintCommand,
  demo: demoCommand,
  codegen: codegenCommand,
  fields: fieldsCommand,
  serve: serveCommand,
};
