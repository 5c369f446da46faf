/**
 * The problems list: each diagnostic with where it is and a button per fix. A fix
 * that may change what the query means is named so, as in the editor's lint tooltip.
 */
import { lineColumn, type Diagnostic, type Fix } from 'mdq';
import { fixLabel, warnsOfMeaning } from 'mdq/codemirror';

export function renderDiagnostics(
  list: HTMLElement,
  count: HTMLElement,
  text: string,
  diagnostics: readonly Diagnostic[],
  applyFix: (fix: Fix) => void,
): void {
  list.replaceChildren();
  count.textContent = diagnostics.length === 0 ? '' : `(${diagnostics.length})`;
  if (diagnostics.length === 0) {
    const item = document.createElement('li');
    item.className = 'none';
    item.textContent = text.trim() === '' ? 'Type a query to check it.' : 'No problems.';
    list.append(item);
    return;
  }
  for (const d of diagnostics) {
    const item = document.createElement('li');
    item.className = `diagnostic ${d.severity}`;
    const head = document.createElement('div');
    const where = lineColumn(text, d.span.start);
    const badge = document.createElement('span');
    badge.className = 'severity';
    badge.textContent = d.severity;
    const code = document.createElement('code');
    code.textContent = d.code;
    const at = document.createElement('span');
    at.className = 'where';
    at.textContent = `${where.line}:${where.column}`;
    head.append(badge, ' ', code, ' ', at);
    const message = document.createElement('p');
    message.textContent = d.message;
    item.append(head, message);
    for (const fix of d.fixes ?? []) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = warnsOfMeaning(fix) ? 'fix unsafe' : 'fix';
      button.textContent = fixLabel(fix);
      button.addEventListener('click', () => applyFix(fix));
      item.append(button);
    }
    list.append(item);
  }
}
