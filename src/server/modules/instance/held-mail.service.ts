import {
  type HeldMailOutcome,
  type HeldMailPage,
  INSTANCE_LIST_PAGE_SIZE,
} from '#shared/schemas/instance-suspension.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type InstanceActor, recordInstanceEvent } from '../../lib/instance-audit.ts';
import { dropHeldMail, OUTBOX_REASON, releaseHeldMail } from '../outbox/index.ts';

// The mail the outbox holds (docs/decisions/0024-outbox.md): a new organisation's, a
// suspended one's, and mail past a daily budget. Operators see what it is without
// whom it is for (the recipient's domain only, never the address or the body), and
// release it (the sender takes it at its next tick, within the budgets) or drop it.

/** One page of held mail, the longest waiting first. */
export async function listHeldMail(db: Db, page: number): Promise<HeldMailPage> {
  const pageSize = INSTANCE_LIST_PAGE_SIZE;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('outbox')
      .leftJoin('organizations as o', 'o.id', 'outbox.organizationId')
      .leftJoin('shares as s', (join) =>
        join.onRef('s.id', '=', 'outbox.refId').on('outbox.kind', '=', 'reminder'),
      )
      .leftJoin('campaigns as c', 'c.id', 's.campaignId')
      .select((eb) => [
        'outbox.id',
        'outbox.organizationId',
        'o.name as organizationName',
        'outbox.recipient',
        'outbox.subject',
        'c.name as campaignName',
        'outbox.kind',
        'outbox.reason',
        eb.fn.coalesce('outbox.heldAt', 'outbox.createdAt').as('heldSince'),
        'outbox.expiresAt',
      ])
      .where('outbox.status', '=', 'held')
      .orderBy('heldSince')
      .orderBy('outbox.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'held')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(({ recipient, reason, ...row }) => ({
      ...row,
      recipientDomain: domainOf(recipient),
      reason: reason ?? OUTBOX_REASON.newOrganization,
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}

/** The part of an address after its last @, in lower case (held mail always has its address). */
const domainOf = (address: string | null) =>
  address ? address.slice(address.lastIndexOf('@') + 1).toLowerCase() : '';

/** 409 MAIL_NOT_HELD, saying what the mail is now. */
const notHeld = (status: string) =>
  conflict('MAIL_NOT_HELD', `This mail is not held any more: it is ${status}`, { params: { status } });

/**
 * Releases or drops one held mail, and records it in the instance audit log. 404 for
 * no such mail; 409 when it is not held any more, or (release) while its organisation
 * is suspended: restoring it releases its mail.
 */
export async function actOnHeldMail(
  db: Db,
  opts: { id: number; action: 'release' | 'drop'; actor: InstanceActor },
): Promise<HeldMailOutcome> {
  const { id, action, actor } = opts;
  return db.transaction().execute(async (trx) => {
    const mail = await trx
      .selectFrom('outbox')
      .select(['id', 'status', 'reason', 'kind', 'recipient', 'organizationId'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!mail) throw notFound('NOT_FOUND', 'No such mail');
    if (mail.status !== 'held') throw notHeld(mail.status);
    if (action === 'release' && mail.reason === OUTBOX_REASON.organizationSuspended)
      throw conflict(
        'MAIL_NOT_HELD',
        'Its organization is suspended: restore the organization to release its mail',
        { params: { status: mail.status } },
      );
    const done =
      action === 'release'
        ? await releaseHeldMail(trx, { ids: [id] })
        : await dropHeldMail(trx, { ids: [id] });
    if (done !== 1) {
      // Sent, dropped or expired since it was read: say what it is now.
      const now = await trx.selectFrom('outbox').select('status').where('id', '=', id).executeTakeFirst();
      throw now ? notHeld(now.status) : notFound('NOT_FOUND', 'No such mail');
    }
    await recordInstanceEvent(trx, {
      actor,
      action: action === 'release' ? 'held_mail.released' : 'held_mail.dropped',
      target: `${mail.kind} mail to ${domainOf(mail.recipient)}`,
      organizationId: mail.organizationId,
      detail: { mailId: id, kind: mail.kind, reason: mail.reason },
    });
    return { id, status: action === 'release' ? 'queued' : 'dropped' };
  });
}
