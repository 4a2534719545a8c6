/** A table of figures, printed as Markdown so it can be pasted into an issue as is. */
export interface Table {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  notes?: string[];
}

/** Formats a table as Markdown. */
export function formatTable(table: Table): string {
  const cells = (row: (string | number)[]) => `| ${row.map(String).join(' | ')} |`;
  const lines = [
    `### ${table.title}`,
    '',
    cells(table.columns),
    cells(table.columns.map(() => '---')),
    ...table.rows.map(cells),
  ];
  for (const note of table.notes ?? []) lines.push('', note);
  return lines.join('\n');
}

/** Rounds for display: 2 significant decimals below 10, whole numbers above. */
export function fmt(value: number): string {
  return Math.abs(value) < 10 ? value.toFixed(2) : Math.round(value).toString();
}

/** The p-th percentile (nearest rank, p in %) of some figures; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}
