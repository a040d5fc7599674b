import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorResponses, ok } from '#shared/schemas/common.ts';
import { healthSchema, type Readiness, readinessSchema } from '#shared/schemas/operations.ts';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../lib/storage.ts';
import { noStore } from '../lib/replies.ts';

/** A readiness check that hangs (a dead database host) counts as failed after this. */
export const READINESS_TIMEOUT_MS = 2000;

function withTimeout(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Liveness and readiness for load balancers and orchestrators. No auth: they carry
 * no data, only whether this instance should get traffic. While the server is
 * closing, Fastify answers both with 503, which takes the instance out of rotation.
 */
export function registerHealth(app: FastifyInstance, deps: { db: Db; storage: FileStorage }): void {
  app.get('/healthz', { onRequest: noStore, schema: { response: ok(healthSchema) } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    {
      onRequest: noStore,
      schema: { response: { 200: readinessSchema, 503: readinessSchema, '4xx': errorResponses['4xx'] } },
    },
    async (request, reply) => {
      const checks = {
        database: () => sql`select 1`.execute(deps.db),
        uploads: () => deps.storage.check(),
      } satisfies Record<Readiness['failed'][number], () => Promise<unknown>>;
      const names = Object.keys(checks) as Readiness['failed'];
      const results = await Promise.allSettled(
        names.map((name) => withTimeout(checks[name](), READINESS_TIMEOUT_MS)),
      );
      const failed = names.filter((_, i) => results[i].status === 'rejected');
      results.forEach((r, i) => {
        if (r.status === 'rejected')
          request.log.warn({ check: names[i], err: r.reason }, 'readiness check failed');
      });
      reply.code(failed.length ? 503 : 200);
      return { status: failed.length ? ('unavailable' as const) : ('ready' as const), failed };
    },
  );
}
