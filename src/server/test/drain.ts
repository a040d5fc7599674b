import { expect } from 'vitest';
import type { WriteOutcome } from './server-process.ts';

/**
 * What a server stopped by SIGTERM under load must show: exit 0 well within the
 * orchestrators' 10 s, every write answered 201 or 503 or dropped with its connection,
 * at least 10 acknowledged, and no acknowledged write missing from `stored`. Returns
 * the counts for the test's log line.
 */
export function expectCleanDrain(
  run: { outcomes: WriteOutcome[]; signalledAt: number },
  exit: { code: number | null; at: number },
  stored: Set<string | null>,
) {
  expect(exit.code).toBe(0);
  const exitMs = exit.at - run.signalledAt;
  expect(exitMs).toBeLessThan(10_000);
  const statuses = run.outcomes.map((o) => o.status ?? o.error);
  for (const s of statuses) expect([201, 503, 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']).toContain(s);
  const acknowledged = run.outcomes.filter((o) => o.status === 201).map((o) => o.ref);
  expect(acknowledged.length).toBeGreaterThanOrEqual(10);
  expect(acknowledged.filter((ref) => !stored.has(ref))).toEqual([]);
  return {
    acknowledged: acknowledged.length,
    refused: statuses.filter((s) => s === 503).length,
    dropped: statuses.filter((s) => typeof s === 'string').length,
    exitMs,
  };
}
