import type { CreateOrganizationInput, Organization } from '#shared/schemas/organizations.ts';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { nameKey } from '../../lib/name-key.ts';
import { recordAudit } from '../../lib/audit.ts';
import { nowIso } from '../../lib/time.ts';

/** The organisation as the API shows it (not its internal name key). */
const ORGANIZATION_COLUMNS = [
  'id',
  'name',
  'username',
  'description',
  'creatorId',
  'createdAt',
  'suspendedAt',
  'suspendedReason',
] as const;

export async function createOrganization(opts: {
  db: Db;
  userId: number;
  input: CreateOrganizationInput;
}): Promise<Organization> {
  const { db, userId, input } = opts;
  try {
    // One transaction: the organisation and the creator's membership land together or not at all.
    return await db.transaction().execute(async (trx) => {
      const org = await trx
        .insertInto('organizations')
        .values({
          name: input.name,
          username: input.username,
          usernameKey: nameKey(input.username),
          description: input.description || null,
          creatorId: userId,
          createdAt: nowIso(),
        })
        .returning(ORGANIZATION_COLUMNS)
        .executeTakeFirstOrThrow();
      // A user belongs to at most one organisation: a member cannot walk off into a new one.
      const joined = await trx
        .updateTable('users')
        .set({ organizationId: org.id, role: 'admin', joinedAt: org.createdAt, updatedAt: nowIso() })
        .where('id', '=', userId)
        .where('organizationId', 'is', null)
        .executeTakeFirst();
      if (Number(joined.numUpdatedRows) !== 1)
        throw conflict('ALREADY_IN_ORGANIZATION', 'You already belong to an organization');
      await recordAudit(trx, {
        organizationId: org.id,
        actorId: userId,
        action: 'organization.created',
        target: org.name,
      });
      return org;
    });
  } catch (err) {
    // The unique name key refuses look-alikes too: `OrgA` beside `orga`, full-width letters.
    if (isUniqueViolation(err))
      throw conflict('ORGANIZATION_USERNAME_TAKEN', 'Organization username already exists', 'username');
    throw err;
  }
}

/** The caller's own organisation; any other id is 403 (API.md). */
export async function getOwnOrganization(opts: {
  db: Db;
  callerOrgId: number | null;
  requestedId?: number;
}): Promise<Organization> {
  const { db, callerOrgId, requestedId } = opts;
  if (requestedId !== undefined && requestedId !== callerOrgId)
    throw forbidden('FORBIDDEN', 'Not a member of this organization');
  if (!callerOrgId) throw notFound('NO_ORGANIZATION', 'No organization yet');
  const org = await db
    .selectFrom('organizations')
    .select(ORGANIZATION_COLUMNS)
    .where('id', '=', callerOrgId)
    .executeTakeFirst();
  if (!org) throw notFound('NOT_FOUND', 'Organization not found');
  return org;
}
