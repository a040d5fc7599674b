import { MISSING_ORG_MESSAGE } from '#shared/errors.ts';
import type { Db } from '../db/client.ts';
import { forbidden } from './errors.ts';

/** A call in an organisation: on which database, and whose rows (every query keys on `orgId`). */
export interface OrgRead {
  db: Db;
  orgId: number;
}

/**
 * The organisation a request works in: always the caller's own. An explicit id
 * (`?org=`, `organizationId`) must equal it, otherwise 403 (API.md).
 */
export function orgScope(callerOrgId: number | null, requestedId?: number | null): number {
  if (!callerOrgId) throw forbidden('NO_ORGANIZATION', MISSING_ORG_MESSAGE);
  if (requestedId != null && requestedId !== callerOrgId)
    throw forbidden('FORBIDDEN', 'Not a member of this organization');
  return callerOrgId;
}

/**
 * Who writes where: the caller's organisation (as `orgScope`, with the id the request
 * names, if any), the caller's id and, for a request made with an API key, the key's
 * id (the caller is then the key's creator): the audit log records both.
 */
export const callerOrg = (
  user: { id: number; organizationId: number | null; apiKeyId?: number | null },
  requestedId?: number | null,
): { orgId: number; actorId: number; apiKeyId: number | null } => ({
  orgId: orgScope(user.organizationId, requestedId),
  actorId: user.id,
  apiKeyId: user.apiKeyId ?? null,
});
