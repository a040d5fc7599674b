import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { clientNetwork, isLocalRequest } from '../../lib/client-address.ts';
import { countInWindow } from '../../lib/attempt-window.ts';
import { tooManyRequests } from '../../lib/errors.ts';

// Every argon2 hash or verification (login, sign-up, password reset, password change)
// first spends one unit of its network's budget (PASSWORD_HASHES_PER_MINUTE): one
// network (an IPv4 address, an IPv6 /64: lib/network-key.ts) cannot keep the CPUs
// busy however it varies names, tokens or sessions. Counted in the database beside
// the login attempts (key `argon2:<network>`, a fixed one-minute window), so every
// instance shares one count. Requests from this machine itself are exempt, like the
// sign-up limit (lib/client-address.ts).

export const PASSWORD_BUDGET_WINDOW_MS = 60_000;

export const PASSWORD_BUDGET_SPENT = 'Too many password attempts from this network. Please try again later.';

/** Who asks for a password check, and where its count is kept. */
interface PasswordCheck {
  db: Db;
  config: Config;
  request: FastifyRequest;
}

/** Spends one password check of the request's network; 429 with Retry-After past the budget. */
export async function spendPasswordBudget({ db, config, request }: PasswordCheck): Promise<void> {
  if (isLocalRequest(request, config.trustProxy)) return;
  const row = await countInWindow(db, `argon2:${clientNetwork(request)}`, {
    windowMs: PASSWORD_BUDGET_WINDOW_MS,
    sliding: false,
  });
  if (row.count <= config.passwordHashesPerMinute) return;
  throw tooManyRequests(
    PASSWORD_BUDGET_SPENT,
    Date.parse(row.windowStart) + PASSWORD_BUDGET_WINDOW_MS - Date.now(),
    'network',
  );
}
