import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, type SupporterProfile } from '#shared/schemas/recognition.ts';
import type { Db } from '../../db/client.ts';
import { auditedWrite, type OrgWrite } from '../../lib/audit.ts';
import { cachedBlockedWords } from '../../lib/blocked-words.ts';
import { badRequest, type HttpError, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { blockedWordsOf } from '../settings/index.ts';

// A supporter's display name and board choice, per organisation and visitor id, and
// staff hiding a name. A name is shown only while its supporter opted in and staff
// have not hidden it; a hidden name stays hidden when the supporter changes it (else
// one edit would undo the moderation), until staff unhide it.

/**
 * Why a display name may not be kept, or undefined: the one check every name passes
 * (the schema trims it and checks its characters first).
 */
export async function displayNameRefusal(
  db: Db,
  organizationId: number,
  name: string,
): Promise<HttpError | undefined> {
  const length = [...name].length;
  if (length < DISPLAY_NAME_MIN || length > DISPLAY_NAME_MAX)
    return badRequest(
      'VALIDATION_FAILED',
      `The name must be ${DISPLAY_NAME_MIN} to ${DISPLAY_NAME_MAX} characters`,
      {
        errors: [
          {
            path: 'displayName',
            message: `The name must be ${DISPLAY_NAME_MIN} to ${DISPLAY_NAME_MAX} characters`,
          },
        ],
      },
    );
  // The organisation's blocked words hold for names as for messages (docs/api.md "Recognition").
  const [word] = cachedBlockedWords(await blockedWordsOf(db, organizationId)).find(name);
  if (word === undefined) return undefined;
  const message = `This name contains a word this organisation does not allow: "${word}". Please edit it.`;
  return badRequest('BLOCKED_WORD', message, {
    errors: [{ path: 'displayName', message }],
    params: { word },
  });
}

const NONE: SupporterProfile = { displayName: null, onBoard: false };

/** The caller's own profile in the organisation (none yet: no name, not on the board). */
export async function ownProfile(
  db: Db,
  organizationId: number,
  supporterId: string,
): Promise<SupporterProfile> {
  const row = await db
    .selectFrom('supporterProfiles')
    .select(['displayName', 'onBoard'])
    .where('organizationId', '=', organizationId)
    .where('supporterId', '=', supporterId)
    .executeTakeFirst();
  return row ? { displayName: row.displayName, onBoard: Boolean(row.onBoard) } : NONE;
}

/** Sets the caller's name and choice (one row per organisation and visitor id). */
export async function saveProfile(
  db: Db,
  opts: { organizationId: number; supporterId: string; displayName: string; onBoard: boolean },
): Promise<SupporterProfile> {
  const refusal = await displayNameRefusal(db, opts.organizationId, opts.displayName);
  if (refusal) throw refusal;
  const now = nowIso();
  const onBoard = opts.onBoard ? 1 : 0;
  await db
    .insertInto('supporterProfiles')
    .values({
      organizationId: opts.organizationId,
      supporterId: opts.supporterId,
      displayName: opts.displayName,
      onBoard,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['organizationId', 'supporterId'])
        .doUpdateSet({ displayName: opts.displayName, onBoard, updatedAt: now }),
    )
    .execute();
  return { displayName: opts.displayName, onBoard: opts.onBoard };
}

/**
 * Hides or shows again a supporter's name (editors; audited with the name). 404 for
 * another organisation's profile. The caller drops the boards' caches.
 */
export async function setNameHidden(w: OrgWrite, profileId: number, hidden: boolean): Promise<void> {
  await auditedWrite(w, async (trx, audit) => {
    const row = await trx
      .selectFrom('supporterProfiles')
      .select(['id', 'displayName', 'hiddenAt'])
      .where('id', '=', profileId)
      .where('organizationId', '=', w.orgId)
      .executeTakeFirst();
    if (!row) throw notFound('NOT_FOUND', 'Supporter profile not found');
    if (Boolean(row.hiddenAt) === hidden) return;
    await trx
      .updateTable('supporterProfiles')
      .set(hidden ? { hiddenAt: nowIso(), hiddenBy: w.actorId } : { hiddenAt: null, hiddenBy: null })
      .where('id', '=', row.id)
      .execute();
    await audit(
      hidden ? 'supporter_name.hidden' : 'supporter_name.unhidden',
      `supporter name ${row.displayName}`,
    );
  });
}

/** The organisation's campaigns (archived ones too): whose boards a hidden name leaves. */
export async function campaignIdsOf(db: Db, organizationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('campaigns')
    .select('id')
    .where('organizationId', '=', organizationId)
    .execute();
  return rows.map((r) => r.id);
}
