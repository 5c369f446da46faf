/** Plain-text output: Markdown tables, readable in a terminal and pasteable into bench/README.md. */

export function table(columns, rows) {
  const cells = [columns, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = columns.map((_, i) =>
    Math.max(3, ...cells.map((row) => [...(row[i] ?? '')].length)),
  );
  const line = (row) =>
    `| ${row.map((cell, i) => cell + ' '.repeat(widths[i] - [...cell].length)).join(' | ')} |`;
  return [
    line(cells[0]),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...cells.slice(1).map(line),
  ].join('\n');
}

export function section(result) {
  const parts = [`## ${result.title}`, ''];
  for (const t of result.tables) parts.push(table(t.columns, t.rows), '');
  for (const note of result.notes ?? []) parts.push(note, '');
  return parts.join('\n');
}

/** The headline figure of each stage (its `summary`), then every target with PASS or FAIL. */
export function summary(results) {
  const lines = ['## Summary', ''];
  for (const r of results) if (r.summary) lines.push(`- ${r.title}: ${r.summary}`);
  const rows = results.flatMap((r) =>
    r.checks.map((c) => [c.target, c.measured, c.pass ? 'PASS' : 'FAIL']),
  );
  lines.push(
    '',
    rows.length === 0
      ? 'No targets in these stages.'
      : table(['target', 'measured', 'result'], rows),
    '',
  );
  return lines.join('\n');
}
