/**
 * A small Markdown renderer for hover and completion documentation: paragraphs,
 * bullet lists, `code`, **bold** and *emphasis*. It builds DOM nodes from text, never
 * HTML strings, so a field description from a schema cannot inject markup.
 */
const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*|_([^_]+)_/g;

function inline(parent: HTMLElement, text: string): void {
  const doc = parent.ownerDocument;
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > at) parent.append(text.slice(at, match.index));
    const [, code, bold, em1, em2] = match;
    const el = doc.createElement(code !== undefined ? 'code' : bold !== undefined ? 'strong' : 'em');
    el.textContent = code ?? bold ?? em1 ?? em2 ?? '';
    parent.append(el);
    at = match.index + match[0].length;
  }
  if (at < text.length) parent.append(text.slice(at));
}

/** `markdown` as a DOM fragment inside a `div` of class `cm-mdq-doc`. */
export function renderMarkdown(doc: Document, markdown: string): HTMLElement {
  const root = doc.createElement('div');
  root.className = 'cm-mdq-doc';
  for (const block of markdown.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    if (lines.every((l) => /^\s*[-*] /.test(l))) {
      const list = doc.createElement('ul');
      for (const line of lines) {
        const item = doc.createElement('li');
        inline(item, line.replace(/^\s*[-*] /, ''));
        list.append(item);
      }
      root.append(list);
    } else {
      const p = doc.createElement('p');
      inline(p, lines.join(' ').replace(/^#+\s*/, ''));
      root.append(p);
    }
  }
  return root;
}
