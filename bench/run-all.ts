// Runs every benchmark in turn. Each prints its own figures as ratios against a
// baseline measured in the same run (this machine is shared and noisy), with
// PASS/FAIL lines for the goals. Run: npm run bench
// two-instance.ts needs a PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL); without
// one it prints a SKIP line. write-path.ts runs on PostgreSQL too when one is set.
const BENCHES = [
  './supporter-bundle.ts',
  './supporter-api.ts',
  './supporter-lighthouse.ts',
  './stats.ts',
  './two-instance.ts',
  './write-path.ts',
];

for (const file of BENCHES) {
  console.log(`\n=== ${file} ===`);
  const mod = (await import(file)) as { main: () => Promise<unknown> };
  await mod.main();
}
export {};
