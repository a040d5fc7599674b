import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from '#shared/constants.ts';
import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '#shared/schemas/api-keys.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import { assertStillMember } from '../../lib/org-lock.ts';
import { auditedWrite, type OrgWrite } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { hashToken, newToken } from '../auth/index.ts';

export const API_KEY_NOT_FOUND = 'API key not found';

/** `rk_` and 32 random bytes (base64url): a key is as hard to guess as a session token. */
export const newApiKey = (): string => `${API_KEY_PREFIX}${newToken()}`;

/** Makes a key for the organisation; the answer is the only time the key itself is seen. */
export async function createApiKey(
  opts: OrgWrite & { dialect: DialectName; input: CreateApiKeyInput },
): Promise<CreatedApiKey> {
  const { orgId, actorId, input } = opts;
  const key = newApiKey();
  const row = await auditedWrite(opts, async (trx, audit) => {
    // Only admins make keys: still one now, not only when the request began.
    await assertStillMember(trx, opts.dialect, { orgId, userId: actorId, role: 'admin' });
    const created = await trx
      .insertInto('apiKeys')
      .values({
        organizationId: orgId,
        name: input.name,
        role: input.role,
        prefix: key.slice(0, API_KEY_SHOWN_CHARS),
        tokenHash: hashToken(key),
        createdBy: actorId,
        createdAt: nowIso(),
        lastUsedAt: null,
        windowStart: null,
      })
      .returning(['id', 'name', 'role', 'prefix', 'createdAt'])
      .executeTakeFirstOrThrow();
    await audit('api_key.created', `${input.name} (${input.role})`);
    return created;
  });
  return { ...row, key };
}

/** The organisation's keys, newest first; never the key or its hash. */
export async function listApiKeys(db: Db, orgId: number): Promise<ApiKey[]> {
  return db
    .selectFrom('apiKeys')
    .select(['id', 'name', 'role', 'prefix', 'createdAt', 'lastUsedAt'])
    .where('organizationId', '=', orgId)
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes the key: its next request finds no row and gets 401. Another organisation's id is 404. */
export async function revokeApiKey(opts: OrgWrite & { id: number }) {
  const { orgId, id } = opts;
  await auditedWrite(opts, async (trx, audit) => {
    const row = await trx
      .deleteFrom('apiKeys')
      .where('id', '=', id)
      .where('organizationId', '=', orgId)
      .returning(['name', 'role'])
      .executeTakeFirst();
    if (!row) throw notFound('NOT_FOUND', API_KEY_NOT_FOUND);
    await audit('api_key.revoked', `${row.name} (${row.role})`);
  });
}
