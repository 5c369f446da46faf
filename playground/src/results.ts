/** The results table: a column per field the hits carry, matched text marked. */
import type { Hit } from './service.js';

/** Spans to mark in one cell: `field` and, for a list value, the item's index. */
export interface CellMarks {
  readonly field: string;
  readonly valueIndex?: number;
  readonly spans: readonly { readonly start: number; readonly end: number }[];
}

const LEADING = ['_schemaName', '_dataSetName'];

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function marked(value: string, spans: readonly { start: number; end: number }[]): Node[] {
  const out: Node[] = [];
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, span.start);
    const end = Math.min(value.length, span.end);
    if (end <= start) continue;
    if (start > at) out.push(document.createTextNode(value.slice(at, start)));
    const mark = document.createElement('mark');
    mark.textContent = value.slice(start, end);
    out.push(mark);
    at = end;
  }
  if (at < value.length) out.push(document.createTextNode(value.slice(at)));
  return out;
}

function cell(value: unknown, marks: readonly CellMarks[]): HTMLTableCellElement {
  const td = document.createElement('td');
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (i > 0) td.append(', ');
      const spans = marks.filter((m) => m.valueIndex === i).flatMap((m) => m.spans);
      td.append(...marked(text(item), spans));
    });
  } else {
    td.append(
      ...marked(
        text(value),
        marks.filter((m) => m.valueIndex === undefined).flatMap((m) => m.spans),
      ),
    );
  }
  return td;
}

export function renderResults(
  table: HTMLTableElement,
  hits: readonly Hit[],
  marksOf: (hit: Hit) => readonly CellMarks[],
): void {
  table.replaceChildren();
  if (hits.length === 0) return;
  // The fields that matched come first, where they are seen without scrolling; the long id last.
  const marks = hits.map(marksOf);
  const columns = LEADING.filter((c) => hits.some((h) => c in h));
  const add = (key: string) => void (columns.includes(key) || columns.push(key));
  for (const m of marks.flat()) if (hits.some((h) => m.field in h)) add(m.field);
  for (const hit of hits) for (const key of Object.keys(hit)) if (!key.startsWith('_')) add(key);
  if (hits.some((h) => '_dataObjectId' in h)) add('_dataObjectId');
  const caption = document.createElement('caption');
  caption.className = 'visually-hidden';
  caption.textContent = 'Matching data objects';
  const head = document.createElement('thead');
  const headRow = document.createElement('tr');
  for (const column of columns) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = column;
    headRow.append(th);
  }
  head.append(headRow);
  const body = document.createElement('tbody');
  hits.forEach((hit, i) => {
    const row = document.createElement('tr');
    for (const column of columns)
      row.append(
        cell(
          hit[column],
          marks[i]!.filter((m) => m.field === column),
        ),
      );
    body.append(row);
  });
  table.append(caption, head, body);
}
