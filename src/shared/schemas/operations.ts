import { z } from 'zod';

/** GET /healthz: the process is up. Says nothing about versions or internals. */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/** The dependencies GET /readyz checks; the failed ones are named, never their errors. */
export const readinessCheckSchema = z.enum(['database', 'uploads']);

/** GET /readyz: 200 `ready`, or 503 `unavailable` naming what did not answer. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  failed: z.array(readinessCheckSchema),
});
export type Readiness = z.infer<typeof readinessSchema>;
