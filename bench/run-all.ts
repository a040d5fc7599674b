// Runs every benchmark in turn. Each prints its own figures as ratios against a
// baseline measured in the same run (this machine is shared and noisy), with
// PASS/FAIL lines for the goals. Run: npm run bench
// (write-path.ts runs on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.)
const BENCHES = [
  './supporter-bundle.ts',
  './supporter-api.ts',
  './supporter-lighthouse.ts',
  './stats.ts',
  './write-path.ts',
];

for (const file of BENCHES) {
  console.log(`\n=== ${file} ===`);
  const mod = (await import(file)) as { main: () => Promise<unknown> };
  await mod.main();
}
export {};
