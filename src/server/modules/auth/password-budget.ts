import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { clientNetwork, isLocalRequest } from '../../lib/client-address.ts';
import { HttpError } from '../../lib/errors.ts';
import { isoBefore, nowIso } from '../../lib/time.ts';

// Every argon2 hash or verification (login, sign-up, password reset, password change)
// first spends one unit of its network's budget (PASSWORD_HASHES_PER_MINUTE): one
// network (an IPv4 address, an IPv6 /64: lib/network-key.ts) cannot keep the CPUs
// busy however it varies names, tokens or sessions. Counted in the database beside
// the login attempts (key `argon2:<network>`, a fixed one-minute window), so every
// instance shares one count. Requests from this machine itself are exempt, like the
// sign-up limit (lib/client-address.ts).

export const PASSWORD_BUDGET_WINDOW_MS = 60_000;

export const PASSWORD_BUDGET_SPENT = 'Too many password attempts from this network. Please try again later.';

/** Spends one password check of the request's network; 429 with Retry-After past the budget. */
export async function spendPasswordBudget(opts: {
  db: Db;
  config: Config;
  request: FastifyRequest;
}): Promise<void> {
  const { db, config, request } = opts;
  if (isLocalRequest(request, config.trustProxy)) return;
  const key = `argon2:${clientNetwork(request)}`;
  const now = nowIso();
  const windowOpenedAfter = isoBefore(PASSWORD_BUDGET_WINDOW_MS);
  const row = await db
    .insertInto('loginAttempts')
    .values({ key, windowStart: now, count: 1, blockedUntil: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('loginAttempts.windowStart', '<=', windowOpenedAfter);
        return {
          count: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('loginAttempts.count', '+', 1))
            .end(),
          windowStart: eb.case().when(expired).then(now).else(eb.ref('loginAttempts.windowStart')).end(),
        };
      }),
    )
    .returning(['count', 'windowStart'])
    .executeTakeFirstOrThrow();
  if (Number(row.count) <= config.passwordHashesPerMinute) return;
  const retryMs = Date.parse(row.windowStart) + PASSWORD_BUDGET_WINDOW_MS - Date.now();
  throw new HttpError(429, 'RATE_LIMITED', PASSWORD_BUDGET_SPENT).withHeaders({
    'Retry-After': String(Math.max(1, Math.ceil(retryMs / 1000))),
  });
}
