// Every row of issue 25's table in one run, each with its goal and PASS/FAIL, on SQLite
// and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL where the row
// depends on the database:
//   supporter JSON, page HTML and tracked-link landing against bare node:http, and the
//   share write against a bare node:http INSERT (bench/supporter-api.ts);
//   the supporter page's JS until the network is idle (bench/supporter-bundle.ts);
//   Lighthouse mobile performance of the supporter page (bench/supporter-lighthouse.ts);
//   organisation and campaign stats with BACKLOG_BENCH_ROWS (1,000,000) shares and as
//   many clicks not rolled up (bench/stats-backlog.ts);
//   `npm start` of an installed instance to its first answer, and its idle RSS
//   (bench/startup.ts).
// Each bench prints its own lines as it goes; the table comes last. Exits non-zero
// when a row fails. Throughputs are ratios against a baseline measured in the same
// run, but a busy machine still moves them: read them on a quiet one.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres npx tsx bench/issue-25.ts
//   BACKLOG_BENCH_ROWS=100000 for a quicker backlog; BENCH_SECONDS (10) per throughput side
import { printRows, reportedRows } from './lib/report.ts';
import { PG_URL } from './lib/target.ts';

const BENCHES: Array<[file: string, arg?: number]> = [
  ['./supporter-bundle.ts'],
  ['./supporter-api.ts'],
  ['./supporter-lighthouse.ts'],
  ['./stats-backlog.ts', Number(process.env.BACKLOG_BENCH_ROWS ?? 1_000_000)],
  ['./startup.ts'],
];

const started = performance.now();
for (const [file, arg] of BENCHES) {
  console.log(`\n=== ${file} ===`);
  const mod = (await import(file)) as { main: (arg?: number) => Promise<unknown> };
  await mod.main(arg);
}
const rows = reportedRows();
console.log(
  `\n=== issue 25: every row (${Math.round((performance.now() - started) / 60_000)} min` +
    `${PG_URL ? '' : '; PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL'}) ===`,
);
printRows(rows);
const failed = rows.filter((r) => !r.pass).length;
console.log(failed ? `${failed} of ${rows.length} rows FAIL` : `all ${rows.length} rows PASS`);
process.exitCode = failed ? 1 : 0;
