/**
 * Plain text tables for the commands that list things: columns padded, long cells cut with
 * an ellipsis, except the `id` column: an id is copied into the next command (`mdq get`).
 */
import { printable } from './printable.js';

const MAX_CELL = 40;

/** A cell's text: strings as they are, lists joined, anything else as JSON; one printable line, at most `max` characters. */
export function cell(value: unknown, max = MAX_CELL): string {
  const text =
    value === undefined || value === null
      ? ''
      : typeof value === 'string'
        ? value
        : Array.isArray(value)
          ? value.map((v) => cell(v, Infinity)).join(', ')
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
  const line = printable(text.replace(/[\r\n\t]+/g, ' '));
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The longest of `lengths`, kept within [min, max]. A loop, not Math.max(...lengths): a list (a page, a schema's fields) may hold more items than a call takes arguments. */
export function widest(
  lengths: Iterable<number>,
  min: number,
  max = Number.POSITIVE_INFINITY,
): number {
  let width = min;
  for (const length of lengths) if (length > width) width = length;
  return Math.min(max, width);
}

export function table(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const limits = headers.map((h) => (h === 'id' ? Infinity : MAX_CELL));
  const cells = rows.map((row) => headers.map((_, i) => cell(row[i], limits[i])));
  // A loop, not Math.max(...column): a page of a service with no size limit may hold more rows than a call takes arguments.
  const widths = headers.map((h) => cell(h).length);
  for (const row of cells)
    for (let i = 0; i < row.length; i++) widths[i] = Math.max(widths[i]!, row[i]!.length);
  const line = (row: readonly string[]) =>
    row
      .map((text, i) => text.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return `${[line(headers.map((h) => cell(h))), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n')}\n`;
}
