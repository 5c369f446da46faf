/**
 * A small Markdown renderer for hover and completion documentation: paragraphs,
 * bullet lists, `code`, **bold**, *emphasis* and backslash escapes (the engine escapes
 * names and values that come from a schema or the query: src/completion/markdown-text.ts).
 * It builds DOM nodes from text, never HTML strings, so a field description from a schema
 * cannot inject markup.
 */

/** A run of inline text and how it shows. */
export interface InlinePart {
  readonly kind: 'text' | 'code' | 'strong' | 'em';
  readonly text: string;
}

/** ASCII punctuation: what a backslash escapes in CommonMark. */
function isPunctuation(code: number): boolean {
  return (
    (code >= 0x21 && code <= 0x2f) ||
    (code >= 0x3a && code <= 0x40) ||
    (code >= 0x5b && code <= 0x60) ||
    (code >= 0x7b && code <= 0x7e)
  );
}

/** `text` with its backslash escapes resolved. */
function unescaped(text: string): string {
  let result = '';
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 0x5c && i + 1 < text.length && isPunctuation(text.charCodeAt(i + 1)))
      i++;
    result += text[i];
  }
  return result;
}

/**
 * The inline parts of `text`: code spans (a run of n backticks to the next run of exactly
 * n), `**strong**`, `*em*` and `_em_` (not nested), escapes resolved. Linear: a delimiter
 * whose closer was looked for and not found is never looked for again further on.
 */
export function inlineParts(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let plain = '';
  /** Delimiters known to have no closer from here on: '**', '*', '_', and backtick runs by length. */
  const unclosed = new Set<string>();
  const flush = () => {
    if (plain !== '') parts.push({ kind: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x5c && i + 1 < text.length && isPunctuation(text.charCodeAt(i + 1))) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (c === 0x60) {
      let n = 1;
      while (text.charCodeAt(i + n) === 0x60) n++;
      const close = unclosed.has(`\`${n}`) ? -1 : closingRun(text, i + n, n);
      if (close < 0) {
        unclosed.add(`\`${n}`);
        plain += text.slice(i, i + n);
        i += n;
        continue;
      }
      let code = text.slice(i + n, close);
      if (code.length > 1 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '')
        code = code.slice(1, -1);
      flush();
      parts.push({ kind: 'code', text: code });
      i = close + n;
      continue;
    }
    if (c === 0x2a || c === 0x5f) {
      const delimiter = c === 0x2a && text.charCodeAt(i + 1) === 0x2a ? '**' : text[i]!;
      const close = unclosed.has(delimiter)
        ? -1
        : closingDelimiter(text, i + delimiter.length, delimiter);
      if (close <= i + delimiter.length) {
        if (close < 0) unclosed.add(delimiter);
        plain += delimiter;
        i += delimiter.length;
        continue;
      }
      flush();
      parts.push({
        kind: delimiter === '**' ? 'strong' : 'em',
        text: unescaped(text.slice(i + delimiter.length, close)),
      });
      i = close + delimiter.length;
      continue;
    }
    plain += text[i];
    i++;
  }
  flush();
  return parts;
}

/** Where the next run of exactly `n` backticks from `from` starts, or -1. */
function closingRun(text: string, from: number, n: number): number {
  for (let i = from; i < text.length; i++) {
    if (text.charCodeAt(i) !== 0x60) continue;
    let run = 1;
    while (text.charCodeAt(i + run) === 0x60) run++;
    if (run === n) return i;
    i += run - 1;
  }
  return -1;
}

/** Where the next unescaped `delimiter` from `from` starts, or -1. */
function closingDelimiter(text: string, from: number, delimiter: string): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (text.startsWith(delimiter, i)) return i;
  }
  return -1;
}

const TAGS = { code: 'code', strong: 'strong', em: 'em' } as const;

function inline(parent: HTMLElement, text: string): void {
  const doc = parent.ownerDocument;
  for (const part of inlineParts(text)) {
    if (part.kind === 'text') {
      parent.append(part.text);
      continue;
    }
    const el = doc.createElement(TAGS[part.kind]);
    el.textContent = part.text;
    parent.append(el);
  }
}

/** The blocks of `markdown`: paragraphs (their lines joined) and bullet lists (their items). */
function blocks(markdown: string): { readonly list: boolean; readonly lines: readonly string[] }[] {
  const result: { list: boolean; lines: string[] }[] = [];
  for (const block of markdown.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    if (lines.every((l) => /^\s*[-*] /.test(l)))
      result.push({ list: true, lines: lines.map((l) => l.replace(/^\s*[-*] /, '')) });
    else result.push({ list: false, lines: [lines.join(' ').replace(/^#+\s*/, '')] });
  }
  return result;
}

/** `markdown` as a DOM fragment inside a `div` of class `cm-mdq-doc`. */
export function renderMarkdown(doc: Document, markdown: string): HTMLElement {
  const root = doc.createElement('div');
  root.className = 'cm-mdq-doc';
  for (const block of blocks(markdown)) {
    if (block.list) {
      const list = doc.createElement('ul');
      for (const line of block.lines) {
        const item = doc.createElement('li');
        inline(item, line);
        list.append(item);
      }
      root.append(list);
    } else {
      const p = doc.createElement('p');
      inline(p, block.lines[0]!);
      root.append(p);
    }
  }
  return root;
}

/** `markdown` as plain text, one line per paragraph or list item (what a screen reader is told). */
export function plainMarkdown(markdown: string): string {
  return blocks(markdown)
    .flatMap((block) =>
      block.lines.map((line) =>
        inlineParts(line)
          .map((part) => part.text)
          .join('')
          .trim(),
      ),
    )
    .filter((line) => line !== '')
    .join('\n');
}
