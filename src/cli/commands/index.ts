/** Every `mdq` subcommand, by name. */
import type { Command } from '../command.js';
import { codegenCommand } from './codegen.js';
import { demoCommand } from './demo.js';
import { fieldsCommand } from './fields.js';
import { fmtCommand } from './fmt.js';
import { lintCommand } from './lint.js';
import { lspCommand } from './lsp.js';
import { areasCommand, datasetsCommand, schemaCommand, schemasCommand } from './metadata.js';
import { getCommand, updateCommand } from './objects.js';
import { parseCommand } from './parse.js';
import { searchCommand } from './search.js';
import { serveCommand } from './serve.js';

export const commands: Readonly<Record<string, Command>> = {
  parse: parseCommand,
  fmt: fmtCommand,
  lint: lintCommand,
  lsp: lspCommand,
  demo: demoCommand,
  codegen: codegenCommand,
  fields: fieldsCommand,
  serve: serveCommand,
  search: searchCommand,
  areas: areasCommand,
  schemas: schemasCommand,
  datasets: datasetsCommand,
  schema: schemaCommand,
  get: getCommand,
  update: updateCommand,
};
