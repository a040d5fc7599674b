// Runs every benchmark in turn. Each prints its own figures as ratios against a
// baseline measured in the same run (this machine is shared and noisy), with
// PASS/FAIL lines for the goals. Run: npm run bench
// two-instance.ts needs a PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL); without
// one it prints a SKIP line. write-path.ts runs on PostgreSQL too when one is set.
// The analytics bench seeds ANALYTICS_BENCH_ROWS shares + clicks (100,000 here unless
// set; ANALYTICS_BENCH_ROWS=1000000 for the size), on SQLite and, when
// TEST_DATABASE_URL is set, on PostgreSQL too. supporter-api.ts and stats-backlog.ts
// print their rows for SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set,
// for PostgreSQL; stats-backlog seeds BACKLOG_BENCH_ROWS shares + clicks (the issue's
// 1,000,000 unless set). instance-organizations.ts seeds INSTANCE_BENCH_ORGS organisations
// (10,000 unless set) on SQLite and, with a PostgreSQL URL, on PostgreSQL. webhooks.ts
// runs on SQLite and, with a PostgreSQL URL, on PostgreSQL (about 3 minutes each).
import { printRows } from './lib/report.ts';

const BENCHES = [
  './supporter-bundle.ts',
  './supporter-api.ts',
  './supporter-lighthouse.ts',
  './embed-card.ts',
  './stats.ts',
  './stats-backlog.ts',
  './two-instance.ts',
  './write-path.ts',
  './rollup-batch.ts',
  './analytics.ts',
  './instance-organizations.ts',
  './startup.ts',
  './webhooks.ts',
];
const ROWS: Record<string, number> = {
  './analytics.ts': Number(process.env.ANALYTICS_BENCH_ROWS ?? 100_000),
  './stats-backlog.ts': Number(process.env.BACKLOG_BENCH_ROWS ?? 1_000_000),
};

for (const file of BENCHES) {
  console.log(`\n=== ${file} ===`);
  const mod = (await import(file)) as { main: (rows?: number) => Promise<unknown> };
  await mod.main(ROWS[file]);
}
// The rows that answer a goal of issue 25 (bench/issue-25.ts runs only those benches).
console.log('\n=== goals ===');
printRows();
