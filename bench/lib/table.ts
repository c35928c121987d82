/** The results table: one row per measured figure, printed and written to bench/results.md. */

export interface Row {
  /** The figure's number ('1', '2'...; '—' for the in-process ones); several rows may share one. */
  n: string;
  figure: string;
  value: string;
  goal: string;
  anchor: string;
  /** undefined: measured for information, no goal. */
  pass: boolean | undefined;
  /** How long the figure's group took to measure, seconds (on its group's first row). */
  seconds?: number;
}

/** A figure group that failed to run still gets its rows, with the error as the value. */
export function failedRows(n: string, figure: string, goal: string, anchor: string, error: unknown): Row[] {
  const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  return [{ n, figure, value: `not measured: ${reason.replace(/\|/g, '/')}`, goal, anchor, pass: false }];
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderTable(rows: Row[]): string {
  const verdict = (row: Row) => (row.pass === undefined ? '—' : row.pass ? 'pass' : '**FAIL**');
  return [
    '| # | Figure | Value | Goal | Anchor | Pass | Took |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.n} | ${cell(row.figure)} | ${cell(row.value)} | ${cell(row.goal)} | ${cell(row.anchor)} | ${verdict(row)} | ${row.seconds === undefined ? '' : `${row.seconds.toFixed(0)} s`} |`,
    ),
  ].join('\n');
}
