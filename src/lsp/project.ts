/**
 * What the server knows about a document's project: the `mdq.config.json` found by walking
 * up from the document, the schemas it names, and the problems met reading them. `Projects`
 * is the seam: the Node implementation (node-projects.ts) reads files and watches them; a
 * host without a file system (a Web Worker) passes its own to `createServer`.
 */
import type { SchemaIndex } from '../index.js';
import type { ValueSuggestion } from '../completion/index.js';
import type { MdqConfig } from './config.js';

export interface Project {
  /** The config file's path; undefined when none was found (defaults apply). */
  readonly configPath?: string;
  readonly config: MdqConfig;
  /** Undefined without schemas: only the rules that need none run. */
  readonly schema?: SchemaIndex;
  /**
   * The tenant's values of a field (the config's `tenant`), for completion: resolves
   * quickly, to `undefined` when the answer is still on the way (tenant-values.ts).
   */
  readonly values?: {
    lookup(
      field: string,
      prefix: string,
    ): Promise<{ readonly values: readonly ValueSuggestion[] | undefined }>;
  };
  /** What could not be read, for the log (never a credential). */
  readonly problems: readonly string[];
}

export interface Projects {
  /** The project of a document; never rejects (a broken config gives defaults and problems). */
  projectFor(uri: string): Promise<Project>;
  /** Called whenever a config or schema file changed (and its projects were dropped). */
  onChange(listener: () => void): void;
  /**
   * The project's query files (`*.mdq`, `*.mdq.json`) as they are on disk, for a rename
   * across files; optional (a host without files has none).
   */
  filesOf?(project: Project): Promise<readonly { readonly uri: string; readonly text: string }[]>;
  /** A file the client reports changed (`workspace/didChangeWatchedFiles`). */
  fileChanged(uri: string): void;
  dispose(): void;
}

/** For documents outside any file system (untitled buffers, a worker without files). */
export const NO_PROJECTS: Projects = {
  projectFor: async () => ({ config: { schemas: [], rules: {} }, problems: [] }),
  onChange() {},
  fileChanged() {},
  dispose() {},
};
