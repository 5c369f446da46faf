/** The syntax tree as nested lists; each node is a button that selects its text in the editor. */
import { children, type Node } from 'mdq';

function label(node: Node): string {
  const n = node as unknown as Record<string, unknown>;
  const details: string[] = [];
  for (const key of ['operator', 'value', 'pattern', 'distance']) {
    if (key in n && n[key] !== null && typeof n[key] !== 'object')
      details.push(`${key}=${JSON.stringify(n[key])}`);
  }
  if (node.kind === 'Range')
    details.push(`${node.lowerInclusive ? '[' : '{'}…${node.upperInclusive ? ']' : '}'}`);
  return `${node.kind} ${node.span.start}–${node.span.end}${details.length ? ` ${details.join(' ')}` : ''}`;
}

function renderNode(node: Node, select: (node: Node) => void, depth: number): HTMLLIElement {
  const item = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `node kind-${node.kind}`;
  button.textContent = label(node);
  button.addEventListener('click', () => select(node));
  item.append(button);
  const kids = children(node);
  if (kids.length > 0 && depth < 64) {
    const list = document.createElement('ul');
    for (const child of kids) list.append(renderNode(child, select, depth + 1));
    item.append(list);
  }
  return item;
}

export function renderTree(container: HTMLElement, root: Node, select: (node: Node) => void): void {
  const list = document.createElement('ul');
  list.className = 'tree-root';
  list.append(renderNode(root, select, 0));
  container.replaceChildren(list);
}
