/**
 * The problems under the box: each diagnostic with where it is and a button per fix
 * (a fix that may change the meaning says so, as in the lint tooltip), and "Apply all
 * safe fixes" when at least one fix keeps the meaning. Nothing at all when there is
 * no problem, so an empty box is not scolded while its user is about to type.
 */
import { lineColumn, type Diagnostic, type Fix } from 'mdq';
import { fixLabel, warnsOfMeaning } from 'mdq/codemirror';

export interface ProblemActions {
  readonly applyFix: (fix: Fix) => void;
  readonly applySafeFixes: () => void;
}

export function hasSafeFix(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.fixes?.some((f) => f.safe === true));
}

export function renderProblems(
  container: HTMLElement,
  text: string,
  diagnostics: readonly Diagnostic[],
  actions: ProblemActions,
): void {
  const doc = container.ownerDocument;
  container.replaceChildren();
  container.hidden = diagnostics.length === 0;
  if (diagnostics.length === 0) return;
  const heading = doc.createElement('div');
  heading.setAttribute('part', 'problems-heading');
  const title = doc.createElement('span');
  title.textContent = `${diagnostics.length} ${diagnostics.length === 1 ? 'problem' : 'problems'}`;
  heading.append(title);
  if (hasSafeFix(diagnostics)) {
    const all = doc.createElement('button');
    all.type = 'button';
    all.setAttribute('part', 'fix-all');
    all.textContent = 'Apply all safe fixes';
    all.addEventListener('click', actions.applySafeFixes);
    heading.append(all);
  }
  const list = doc.createElement('ul');
  list.setAttribute('part', 'problem-list');
  for (const d of diagnostics) {
    const item = doc.createElement('li');
    item.setAttribute('part', `problem problem-${d.severity}`);
    item.dataset.code = d.code;
    const where = lineColumn(text, d.span.start);
    const badge = doc.createElement('span');
    badge.setAttribute('part', 'severity');
    badge.textContent = d.severity;
    const message = doc.createElement('span');
    message.setAttribute('part', 'message');
    message.textContent = `${d.message} (${d.code}, ${where.line}:${where.column})`;
    item.append(badge, ' ', message);
    for (const fix of d.fixes ?? []) {
      const button = doc.createElement('button');
      button.type = 'button';
      button.setAttribute('part', warnsOfMeaning(fix) ? 'fix fix-unsafe' : 'fix');
      button.textContent = fixLabel(fix);
      button.addEventListener('click', () => actions.applyFix(fix));
      item.append(' ', button);
    }
    list.append(item);
  }
  container.append(heading, list);
}
