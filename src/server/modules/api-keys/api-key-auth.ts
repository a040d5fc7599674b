import { API_KEY_PREFIX } from '#shared/constants.ts';
import { hasRole } from '#shared/schemas/members.ts';
import type { Db } from '../../db/client.ts';
import { tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { organizationSuspended } from '../../lib/org-suspension.ts';
import { isoBefore, nowIso } from '../../lib/time.ts';
import { hashToken, type UserRow } from '../auth/index.ts';

export const INVALID_API_KEY = 'Invalid API key';
export const API_KEY_RATE_LIMITED = 'Too many requests with this API key. Please try again later.';

/** The rate-limit window: a fixed minute per key, starting at its first request. */
export const API_KEY_WINDOW_MS = 60_000;
/** lastUsedAt moves at most this often, so the list is accurate to the minute and no finer. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** A bearer token that is an API key (session tokens never start with the prefix). */
export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

export interface ApiKeyCaller {
  keyId: number;
  /** The key's creator, in the key's organisation, with the key's role (never more than theirs now). */
  user: UserRow;
}

/**
 * The caller an API key stands for; 401 for an unknown, revoked or forged key, and
 * for a key whose creator has left the organisation (an admin who leaves takes their
 * keys' access with them); 403 ORGANIZATION_SUSPENDED while an operator has suspended
 * the key's organisation; 429 past the key's requests per minute.
 */
export async function authenticateApiKey(db: Db, key: string, perMinute: number): Promise<ApiKeyCaller> {
  const row = await db
    .selectFrom('apiKeys')
    .innerJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'apiKeys.createdBy')
        .onRef('users.organizationId', '=', 'apiKeys.organizationId'),
    )
    .innerJoin('organizations as o', 'o.id', 'apiKeys.organizationId')
    .selectAll('users')
    .select(['apiKeys.id as keyId', 'apiKeys.role as keyRole', 'o.suspendedAt', 'o.suspendedReason'])
    .where('apiKeys.tokenHash', '=', hashToken(key))
    .executeTakeFirst();
  if (!row) throw unauthorized('INVALID_API_KEY', INVALID_API_KEY);
  const { keyId, keyRole, suspendedAt, suspendedReason, ...user } = row;
  if (suspendedAt) throw organizationSuspended(suspendedReason);
  await countRequest(db, keyId, perMinute);
  // A creator demoted since caps the key at their role now.
  const role = hasRole(user.role, keyRole as 'viewer') ? keyRole : user.role;
  return { keyId, user: { ...(user as UserRow), role } };
}

/**
 * Counts this request in the key's window, in one atomic UPDATE on the key's row in
 * the shared database (like the login throttle), so several instances share one
 * limit and parallel requests cannot slip past it. The same statement moves
 * lastUsedAt when it is a minute old or more. 429 with Retry-After past the limit.
 */
async function countRequest(db: Db, keyId: number, perMinute: number): Promise<void> {
  const now = nowIso();
  const windowOpenedBefore = isoBefore(API_KEY_WINDOW_MS);
  const seenBefore = isoBefore(LAST_USED_RESOLUTION_MS);
  const row = await db
    .updateTable('apiKeys')
    .set((eb) => {
      const freshWindow = eb.or([eb('windowStart', 'is', null), eb('windowStart', '<=', windowOpenedBefore)]);
      const stale = eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<=', seenBefore)]);
      return {
        windowCount: eb
          .case()
          .when(freshWindow)
          .then(1)
          .else(eb('windowCount', '+', 1))
          .end(),
        windowStart: eb.case().when(freshWindow).then(now).else(eb.ref('windowStart')).end(),
        lastUsedAt: eb.case().when(stale).then(now).else(eb.ref('lastUsedAt')).end(),
      };
    })
    .where('id', '=', keyId)
    .returning(['windowCount', 'windowStart'])
    .executeTakeFirst();
  // Revoked between the look-up and the count.
  if (!row?.windowStart) throw unauthorized('INVALID_API_KEY', INVALID_API_KEY);
  if (Number(row.windowCount) <= perMinute) return;
  throw tooManyRequests(
    API_KEY_RATE_LIMITED,
    Date.parse(row.windowStart) + API_KEY_WINDOW_MS - Date.now(),
    'api-key',
  );
}
