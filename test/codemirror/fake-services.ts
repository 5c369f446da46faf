/** A stand-in for the completion engine with the contract's shapes, recording its calls. */
import type { CompletionResult } from '../../src/completion/index.js';
import type { QueryServices } from '../../src/codemirror/index.js';

export function fakeServices(
  completions: CompletionResult = {
    from: 0,
    to: 0,
    items: [],
    context: { kind: 'none', prefix: '' },
  },
) {
  const calls: { text: string; offset: number; schema: unknown }[] = [];
  const services: QueryServices = {
    complete(text, offset, options) {
      calls.push({ text, offset, schema: options.schema });
      return completions;
    },
    hover: (text, offset) =>
      text.length > 0
        ? { from: 0, to: Math.max(offset, 1), contents: '**City**: `string`', kind: 'field' }
        : null,
    highlight: (text) => {
      const tokens: { start: number; end: number; class: 'field' | 'keyword' | 'text' }[] = [];
      for (const m of text.matchAll(/\w+(?=:)|[^\s:]+/g)) {
        const cls = /^(AND|OR|NOT)$/.test(m[0])
          ? 'keyword'
          : text[m.index + m[0].length] === ':'
            ? 'field'
            : 'text';
        tokens.push({
          start: m.index,
          end: m.index + m[0].length,
          class: cls as 'field' | 'keyword' | 'text',
        });
      }
      return tokens;
    },
  };
  return { services, calls };
}
