import type { FastifyRequest } from 'fastify';
import type { ReminderRequest } from '#shared/schemas/reminders.ts';
import type { AppDeps } from '../../deps.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { type CheckedReminder, checkReminder } from '../reminders/index.ts';

// What every public write of a share has in common: logging and scheduling one here,
// and a shared moment's commitment (modules/moments, itself a scheduled share).

/**
 * Abuse protection for the public share writes, per client network and route (each
 * has this budget). The counts live in this instance's memory: several instances each
 * allow this many, which is fine for a guard against floods (exact global quotas would
 * need a shared store). Generous, because many phones share one carrier NAT address.
 */
export const PUBLIC_SHARE_WRITES_PER_MINUTE = 60;

/** The route config of a public share write, under the module's network limiter (registerNetworkRateLimit). */
export const publicShareWrite = {
  rateLimit: { max: PUBLIC_SHARE_WRITES_PER_MINUTE, timeWindow: '1 minute' },
} as const;

/**
 * The check of the reminder a scheduling request asks for, given the share's
 * organisation: its links start at the request's public origin. `replaces`: the share
 * a reschedule retires (its reminder does not count toward the address's cap).
 */
export const reminderCheckFor =
  (
    deps: Pick<AppDeps, 'db' | 'dialect' | 'config' | 'mailer'>,
    request: FastifyRequest,
    reminder: ReminderRequest,
    replaces?: number,
  ) =>
  (organizationId: number): Promise<CheckedReminder> =>
    checkReminder({
      db: deps.db,
      dialect: deps.dialect,
      config: deps.config,
      mailer: deps.mailer,
      organizationId,
      reminder,
      origin: publicOrigin(request, deps.config),
      replaces,
    });
