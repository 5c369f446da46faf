/**
 * Names and values in hover and completion Markdown show as written: escaped text and code
 * spans, held to CommonMark by markdown-it (what VS Code renders hovers with) and to the
 * CodeMirror renderer's own reading (src/codemirror/markdown.ts).
 */
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { loadSchema } from '../../src/index.js';
import { complete, hover } from '../../src/completion/index.js';
import { customerSchema } from '../../src/examples/index.js';
import { markdownCode, markdownText } from '../../src/completion/markdown-text.js';
import { inlineParts, plainMarkdown } from '../../src/codemirror/markdown.js';

const commonMark = new MarkdownIt('commonmark');
/** HTML text as the characters it shows (markdown-it writes these four as entities). */
const decoded = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** What markdown-it makes of `markdown` as inline text, back to plain text. */
const shown = (markdown: string) => decoded(commonMark.renderInline(markdown));

/** Text on one line, rich in Markdown's marks. */
const line = fc.string({
  unit: fc.constantFrom(
    'a',
    'b',
    ' ',
    '*',
    '_',
    '`',
    '\\',
    '[',
    ']',
    '(',
    ')',
    '<',
    '>',
    '&',
    '#',
    '-',
    '+',
    '1',
    '.',
    '!',
    '~',
    '|',
    ':',
    '/',
    'é',
    '😀',
  ),
  maxLength: 30,
});

describe('markdownText', () => {
  it('shows any text as written, in CommonMark and in the CodeMirror renderer', () => {
    fc.assert(
      fc.property(line, (text) => {
        const markdown = markdownText(text);
        expect(shown(markdown)).toBe(text);
        expect(inlineParts(markdown).every((part) => part.kind === 'text')).toBe(true);
        expect(
          inlineParts(markdown)
            .map((part) => part.text)
            .join(''),
        ).toBe(text);
      }),
    );
  });

  it('keeps a line that starts like a list item or a heading a paragraph of its own text', () => {
    for (const text of [
      '- item',
      '+ item',
      '1. first',
      '12) twelfth',
      '# title',
      '> quote',
      '  - indented',
    ]) {
      const html = commonMark.render(markdownText(text));
      expect(html, text).toMatch(/^<p>/);
      expect(plainMarkdown(`**x**\n\n${markdownText(text)}`), text).toBe(`x\n${text.trim()}`);
    }
  });
});

describe('markdownCode', () => {
  it('is one code span holding the text, in CommonMark and in the CodeMirror renderer', () => {
    fc.assert(
      fc.property(
        line.filter((text) => text !== ''),
        (text) => {
          const markdown = markdownCode(text);
          const html = commonMark.renderInline(markdown);
          expect(
            html.startsWith('<code>') && html.endsWith('</code>') && html.indexOf('<code>', 1) < 0,
            markdown,
          ).toBe(true);
          expect(decoded(html.slice('<code>'.length, -'</code>'.length))).toBe(text);
          expect(inlineParts(markdown)).toEqual([{ kind: 'code', text }]);
        },
      ),
    );
  });
});

describe('inlineParts', () => {
  it('reads code, strong, emphasis and escapes', () => {
    expect(inlineParts('**Status** — `ACT` *maybe* _or_ a\\*b')).toEqual([
      { kind: 'strong', text: 'Status' },
      { kind: 'text', text: ' — ' },
      { kind: 'code', text: 'ACT' },
      { kind: 'text', text: ' ' },
      { kind: 'em', text: 'maybe' },
      { kind: 'text', text: ' ' },
      { kind: 'em', text: 'or' },
      { kind: 'text', text: ' a*b' },
    ]);
    expect(inlineParts('``a`b``')).toEqual([{ kind: 'code', text: 'a`b' }]);
    expect(inlineParts('`open')).toEqual([{ kind: 'text', text: '`open' }]);
  });

  it('reads delimiters that never close once each (a quadratic reading of 200 000 of them would not finish)', () => {
    for (const unit of ['*', '_', '`', '**', '`a', '*a_', '\\']) {
      const text = unit.repeat(200_000 / unit.length);
      expect(
        inlineParts(text)
          .map((part) => part.text)
          .join('').length,
        unit,
      ).toBeGreaterThan(0);
    }
  });
});

describe('hover and completion escape what the schema and the query hold', () => {
  // The example Customer schema with two odd fields: City renamed, and Status with an odd code.
  const base = structuredClone(customerSchema) as unknown as { fields: Record<string, unknown>[] };
  const city = base.fields.find((f) => f.name === 'City')!;
  const status = base.fields.find((f) => f.name === 'Status')!;
  base.fields.push({
    ...city,
    name: 'a*b_c',
    description: 'see [the docs](https://example.com) <b>now</b>',
  });
  base.fields.push({
    ...status,
    name: 'Kind',
    staticPicklist: [{ code: 'x`y', description: '*starred*' }],
  });
  const schema = loadSchema(base);

  it('a field named a*b_c with a link in its description', () => {
    const result = hover('a\\*b_c:x', 2, { schema });
    expect(result?.contents).toContain('**a\\*b\\_c**');
    const html = commonMark.render(result!.contents);
    expect(html).not.toMatch(/<em>|<a |<b>/);
    expect(plainMarkdown(result!.contents)).toContain('a*b_c');
    expect(plainMarkdown(result!.contents)).toContain(
      'see [the docs](https://example.com) <b>now</b>',
    );
  });

  it('a picklist code with a backtick, and a value typed in the query', () => {
    const code = hover('Kind:x\\`y', 7, { schema });
    expect(plainMarkdown(code!.contents)).toContain('x`y: *starred*');
    const typed = hover('Kind:"*not* [a](b)"', 8, { schema });
    expect(commonMark.render(typed!.contents)).not.toMatch(/<em>|<a /);
    const items = complete('Kind:', 5, { schema }).items;
    expect(items.map((item) => item.label)).toContain('x`y');
  });
});
