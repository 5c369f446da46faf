/**
 * `mdq/lsp`: the language server, for hosts that bring their own transport
 * (`mdq lsp --stdio` is the command-line one). Node's file system is read only when no
 * `projects` is given, and then lazily.
 */
export { createServer, type MdqServer, type MdqSettings, type ServerOptions } from './server.js';
export { NO_PROJECTS, type Project, type Projects } from './project.js';
export { CONFIG_FILE, readConfig, type MdqConfig, type TenantConfig } from './config.js';
export { splitBlocks, type Block } from './blocks.js';
