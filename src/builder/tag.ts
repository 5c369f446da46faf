/**
 * The `mdq` template tag: `` mdq`City:${city} AND Age:>${age}` `` is the text with every
 * interpolation written as one bare word (the builder's escaping, `escapeTerm`), so a value
 * can never inject syntax. It marks query text in code for the ESLint plugin (`mdq/eslint`),
 * which checks the literal parts.
 */
import { escapeTerm } from '../language/escape.js';
import { BuilderError } from './errors.js';

/** One interpolated value as a bare word; the empty string as `""`, the only way to write it. */
function word(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new BuilderError('invalid-number', `mdq\`\`: ${value} cannot be written in a query`);
    return escapeTerm(String(value));
  }
  const text = value instanceof Date ? value.toISOString() : String(value);
  return text === '' ? '""' : escapeTerm(text);
}

export function mdq(strings: TemplateStringsArray, ...values: readonly unknown[]): string {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += word(values[i]) + strings[i + 1]!;
  return out;
}
