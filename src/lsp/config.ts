/**
 * `mdq.config.json`, the project file the language server and the ESLint plugin read:
 *
 *     { "schemas": ["customer.json"], "rules": { "pii-field": "off" }, "layout": "multiline",
 *       "tenant": { "baseUrl": "https://tenant.example.com/api", "businessArea": "Sales" },
 *       "aliases": { "surname": "Last Name", "Stadt": "City" } }
 *
 * The command line reads the same file (`mdq lint`, `mdq fmt --fix`). Paths are relative to the file. Credentials are never read from it (only from MDQ_CLIENT_ID,
 * MDQ_CLIENT_SECRET, MDQ_TOKEN_PATH): a key that looks like one is a problem, and ignored.
 * A malformed file is never fatal: what can be read is used, the rest is listed in `problems`.
 */
import type { Level } from '../checker/rule.js';

export const CONFIG_FILE = 'mdq.config.json';

export interface TenantConfig {
  readonly baseUrl: string;
  readonly businessArea?: string;
  /** Schema names on the service; all of the business area's when absent. */
  readonly schemas?: readonly string[];
}

export interface MdqConfig {
  /** Schema files, relative to the config file: Get Schema responses (JSON) or `mdq codegen` modules. */
  readonly schemas: readonly string[];
  readonly tenant?: TenantConfig;
  /** Levels per diagnostic code, as `check`'s `severities`. */
  readonly rules: Readonly<Record<string, Level>>;
  readonly layout?: 'flat' | 'multiline';
  readonly width?: number;
  /** Other names for fields (alias -> field name), as `loadSchema`'s `aliases` option. */
  readonly aliases?: Readonly<Record<string, string>>;
}

export const EMPTY_CONFIG: MdqConfig = { schemas: [], rules: {} };

const LEVELS: ReadonlySet<string> = new Set(['off', 'on', 'error', 'warning', 'info', 'hint']);
const SECRET_KEY = /secret|password|token|credential|client.?id|api.?key/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown, where: string, problems: string[]): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v !== '')) {
    problems.push(`${where} is an array of non-empty strings`);
    return [];
  }
  return value as string[];
}

/** Reads the parsed JSON of a config file; never throws. */
export function readConfig(json: unknown): { config: MdqConfig; problems: string[] } {
  const problems: string[] = [];
  if (!isRecord(json)) return { config: EMPTY_CONFIG, problems: ['the file is not a JSON object'] };
  let config: {
    schemas: readonly string[];
    rules: Record<string, Level>;
    tenant?: TenantConfig;
    layout?: 'flat' | 'multiline';
    width?: number;
    aliases?: Record<string, string>;
  } = { schemas: [], rules: {} };
  for (const [key, value] of Object.entries(json)) {
    switch (key) {
      case 'schemas':
        config.schemas = strings(value, "'schemas'", problems);
        break;
      case 'rules':
        if (!isRecord(value)) problems.push("'rules' maps diagnostic codes to levels");
        else
          for (const [code, level] of Object.entries(value)) {
            if (typeof level === 'string' && LEVELS.has(level)) config.rules[code] = level as Level;
            else problems.push(`'rules.${code}' is one of ${[...LEVELS].join(', ')}`);
          }
        break;
      case 'layout':
        if (value === 'flat' || value === 'multiline') config.layout = value;
        else problems.push("'layout' is 'flat' or 'multiline'");
        break;
      case 'width':
        if (typeof value === 'number' && Number.isInteger(value) && value > 0) config.width = value;
        else problems.push("'width' is a positive integer");
        break;
      case 'aliases':
        if (!isRecord(value)) problems.push("'aliases' maps other names to field names");
        else {
          const aliases: Record<string, string> = {};
          for (const [alias, field] of Object.entries(value)) {
            if (alias.trim() !== '' && typeof field === 'string' && field.trim() !== '')
              aliases[alias] = field;
            else problems.push(`'aliases.${alias}' is a field name`);
          }
          config.aliases = aliases;
        }
        break;
      case 'tenant': {
        const tenant = readTenant(value, problems);
        if (tenant) config = { ...config, tenant };
        break;
      }
      default:
        problems.push(`unknown key '${key}'`);
    }
  }
  return { config, problems };
}

function readTenant(value: unknown, problems: string[]): TenantConfig | undefined {
  if (!isRecord(value)) {
    problems.push("'tenant' is an object with a 'baseUrl'");
    return undefined;
  }
  for (const key of Object.keys(value))
    if (SECRET_KEY.test(key))
      problems.push(
        `'tenant.${key}' is ignored: credentials come from MDQ_CLIENT_ID, MDQ_CLIENT_SECRET and MDQ_TOKEN_PATH only`,
      );
  if (typeof value.baseUrl !== 'string' || !/^https?:\/\//.test(value.baseUrl)) {
    problems.push("'tenant.baseUrl' is an http(s) URL");
    return undefined;
  }
  const businessArea = typeof value.businessArea === 'string' ? value.businessArea : undefined;
  const schemas =
    value.schemas === undefined ? undefined : strings(value.schemas, "'tenant.schemas'", problems);
  return {
    baseUrl: value.baseUrl,
    ...(businessArea !== undefined ? { businessArea } : {}),
    ...(schemas !== undefined ? { schemas } : {}),
  };
}
