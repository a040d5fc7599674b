// The rows of issue 25's table as the benches measure them: each bench prints its own
// lines and also reports here the rows that answer a goal, so one command
// (bench/issue-25.ts) can print the whole table at the end of its run.

export interface GoalRow {
  /** The table's row, e.g. "supporter JSON / bare node:http". */
  row: string;
  /** The database the row was measured on, when it depends on one. */
  database?: 'SQLite' | 'PostgreSQL';
  /** What was measured, with its unit. */
  value: string;
  /** The goal, e.g. ">= 0.50". */
  goal: string;
  pass: boolean;
}

const rows: GoalRow[] = [];

export const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** Records a row (the bench prints its own line as well). */
export function reportRow(row: GoalRow): void {
  rows.push(row);
}

export const reportedRows = (): readonly GoalRow[] => rows;

/** The rows as a table: verdict, row, database, value, goal. */
export function printRows(list: readonly GoalRow[] = rows): void {
  const width = Math.max(...list.map((r) => r.row.length), 10);
  for (const r of list) {
    console.log(
      `${verdict(r.pass)}  ${r.row.padEnd(width)}  ${(r.database ?? '').padEnd(10)}  ${r.value.padEnd(22)}  goal ${r.goal}`,
    );
  }
}
