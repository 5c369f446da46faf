/** The results table: a column per field the hits carry, matched text marked. */
import type { Hit } from './service.js';

/** Spans to mark in one cell: `field` and, for a list value, the item's index. */
export interface CellMarks {
  readonly field: string;
  readonly valueIndex?: number;
  readonly spans: readonly { readonly start: number; readonly end: number }[];
}

const METADATA = ['_dataObjectId', '_schemaName', '_dataSetName'];

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
    td.append(...marked(text(value), marks.filter((m) => m.valueIndex === undefined).flatMap((m) => m.spans)));
  }
  return td;
}

export function renderResults(table: HTMLTableElement, hits: readonly Hit[], marksOf: (hit: Hit) => readonly CellMarks[]): void {
  table.replaceChildren();
  if (hits.length === 0) return;
  const columns = [...METADATA.filter((c) => hits.some((h) => c in h))];
  for (const hit of hits) for (const key of Object.keys(hit)) if (!key.startsWith('_') && !columns.includes(key)) columns.push(key);
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
  for (const hit of hits) {
    const marks = marksOf(hit);
    const row = document.createElement('tr');
    for (const column of columns) row.append(cell(hit[column], marks.filter((m) => m.field === column)));
    body.append(row);
  }
  table.append(caption, head, body);
}
