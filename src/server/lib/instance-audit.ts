import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nowIso } from './time.ts';

/**
 * What operators do to the instance, kept in its own log (instanceAudit), apart from
 * the organisations' audit logs: an organisation's admins never see it, operators read
 * it in the console (GET /api/instance/audit).
 */
export type InstanceAction =
  // The sign-up policy or its email-domain allow-list changed.
  | 'registration.changed'
  | 'operator.granted'
  | 'operator.revoked'
  | 'signup_invitation.created'
  | 'signup_invitation.revoked'
  // An account an operator created (create-user), or a reset link an operator asked for.
  | 'user.created'
  | 'user.password_reset_link'
  | 'organization.suspended'
  | 'organization.restored'
  | 'held_mail.released'
  | 'held_mail.dropped';

/** Who acted: an operator (their id and username), or the command line (no id). */
export interface InstanceActor {
  id: number | null;
  name: string;
}

/** The actor of every command of `npm run admin`: whoever has the shell has the instance. */
export const COMMAND_LINE: InstanceActor = { id: null, name: 'command line' };

/** The actor for a signed-in operator's request. */
export const operatorActor = (user: { id: number; username: string }): InstanceActor => ({
  id: user.id,
  name: user.username,
});

export interface InstanceEvent {
  actor: InstanceActor;
  action: InstanceAction;
  /** Human-readable subject: "user alice", "organisation Greenpeace (greenpeace)", "registration". */
  target: string;
  organizationId?: number | null;
  /** Further facts, stored as JSON (a reason, the new policy). */
  detail?: Record<string, unknown>;
}

/**
 * The one way to write the instance audit log. Pass the transaction that makes the
 * change, so the entry commits (or rolls back) with it.
 */
export async function recordInstanceEvent(
  db: Pick<Kysely<Database>, 'insertInto'>,
  event: InstanceEvent,
): Promise<void> {
  await db
    .insertInto('instanceAudit')
    .values({
      action: event.action,
      actorId: event.actor.id,
      actorName: event.actor.name,
      target: event.target.slice(0, 500),
      organizationId: event.organizationId ?? null,
      detail: event.detail === undefined ? null : JSON.stringify(event.detail),
      createdAt: nowIso(),
    })
    .execute();
}
