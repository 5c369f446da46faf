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

/**
 * A target's result: PASS, FAIL, or UNSURE when the stage found its rounds disagreeing about
 * the answer (`check.unsure` says how; such a check has `pass: false`, so `--strict` does not
 * take it for a pass).
 */
export function verdict(check) {
  if (check.pass) return 'PASS';
  return check.unsure === undefined ? 'FAIL' : `UNSURE (${check.unsure})`;
}

/**
 * A check that every ratio (`{ label, median, low, high }`: medians and the ends of the bands,
 * measure.mjs `band`) is at least `min`: PASS when even each low end is, FAIL when some high end
 * is not, otherwise UNSURE: the rounds fall on both sides, and the run says so instead of a
 * verdict (a loaded machine or too few rounds: run the stage again, or without `--quick`).
 */
export function atLeast(target, measured, ratios, min) {
  const check = { target, measured, pass: ratios.every((r) => r.low >= min) };
  if (!check.pass && !ratios.some((r) => r.high < min)) {
    const unsure = ratios.filter((r) => r.low < min).map((r) => r.label);
    check.unsure = `the rounds of ${unsure.join(', ')} fall on both sides of ${min}x`;
  }
  return check;
}

/**
 * `atLeast`'s mirror for a cost: every ratio at most `max`. PASS when even each high end is,
 * FAIL when some low end is over, otherwise UNSURE.
 */
export function atMost(target, measured, ratios, max) {
  const check = { target, measured, pass: ratios.every((r) => r.high <= max) };
  if (!check.pass && !ratios.some((r) => r.low > max)) {
    const unsure = ratios.filter((r) => r.high > max).map((r) => r.label);
    check.unsure = `the rounds of ${unsure.join(', ')} fall on both sides of ${max}x`;
  }
  return check;
}

/** The headline figure of each stage (its `summary`), then every target with PASS, FAIL or UNSURE. */
export function summary(results) {
  const lines = ['## Summary', ''];
  for (const r of results) if (r.summary) lines.push(`- ${r.title}: ${r.summary}`);
  const rows = results.flatMap((r) => r.checks.map((c) => [c.target, c.measured, verdict(c)]));
  lines.push(
    '',
    rows.length === 0
      ? 'No targets in these stages.'
      : table(['target', 'measured', 'result'], rows),
    '',
  );
  return lines.join('\n');
}
