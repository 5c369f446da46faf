/**
 * Reads a module written by `mdq codegen` without running it: its `defineSchema({...} as const)`
 * calls hold only object literals, string literals and comments, so a small reader turns each
 * into a Get Schema response (`{ name, fields }`). Anything else in the text is an error:
 * the server never executes a project's files.
 */
import type { SchemaResponse } from '../index.js';

/** Sticky: they match at `lastIndex` only, so reading never rescans the text. */
const SPACE = /\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\//y;
const IDENTIFIER = /[A-Za-z_$][\w$]*/y;

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  skip(): void {
    for (;;) {
      SPACE.lastIndex = this.pos;
      const rest = SPACE.exec(this.text);
      if (rest === null || rest[0] === '') return;
      this.pos += rest[0].length;
    }
  }

  fail(what: string): never {
    throw new Error(`${what} at offset ${this.pos}`);
  }

  eat(ch: string): boolean {
    this.skip();
    if (this.text[this.pos] !== ch) return false;
    this.pos++;
    return true;
  }

  expect(ch: string): void {
    if (!this.eat(ch)) this.fail(`expected '${ch}'`);
  }

  string(): string {
    this.skip();
    const quote = this.text[this.pos];
    if (quote !== "'" && quote !== '"') this.fail('expected a string');
    let out = '';
    for (let i = this.pos + 1; i < this.text.length; i++) {
      const ch = this.text[i]!;
      if (ch === quote) {
        this.pos = i + 1;
        return out;
      }
      if (ch === '\\') {
        const next = this.text[++i];
        if (next === 'u') {
          out += String.fromCharCode(Number.parseInt(this.text.slice(i + 1, i + 5), 16));
          i += 4;
        } else
          out += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : (next ?? '');
      } else out += ch;
    }
    return this.fail('unterminated string');
  }

  key(): string {
    this.skip();
    if (this.eat('[')) {
      const name = this.string();
      this.expect(']');
      return name;
    }
    IDENTIFIER.lastIndex = this.pos;
    const ident = IDENTIFIER.exec(this.text);
    if (ident) {
      this.pos += ident[0].length;
      return ident[0];
    }
    return this.string();
  }

  value(): unknown {
    this.skip();
    const ch = this.text[this.pos];
    if (ch === '{') {
      this.pos++;
      const object: Record<string, unknown> = {};
      while (!this.eat('}')) {
        const key = this.key();
        this.expect(':');
        Object.defineProperty(object, key, {
          value: this.value(),
          enumerable: true,
          writable: true,
        });
        if (!this.eat(',')) {
          this.expect('}');
          break;
        }
      }
      return object;
    }
    if (ch === '[') {
      this.pos++;
      const array: unknown[] = [];
      while (!this.eat(']')) {
        array.push(this.value());
        if (!this.eat(',')) {
          this.expect(']');
          break;
        }
      }
      return array;
    }
    return this.string();
  }
}

/** The schemas of a generated module, one per `export const name = defineSchema(...)`; throws on anything else. */
export function readSchemaModule(text: string): SchemaResponse[] {
  const schemas: SchemaResponse[] = [];
  const start = /export const ([A-Za-z_$][\w$]*) = defineSchema\(/g;
  for (let m = start.exec(text); m !== null; m = start.exec(text)) {
    const reader = new Reader(text);
    reader.pos = m.index + m[0].length;
    const definition = reader.value() as Record<string, Record<string, unknown>>;
    reader.skip();
    if (!text.startsWith('as const', reader.pos)) reader.fail("expected 'as const'");
    start.lastIndex = reader.pos;
    schemas.push({
      name: m[1]!,
      fields: Object.entries(definition).map(([name, field]) => ({ ...field, name })),
    } as unknown as SchemaResponse);
  }
  if (schemas.length === 0)
    throw new Error('no `defineSchema(...)` export: not an `mdq codegen` module');
  return schemas;
}
