import { z } from 'zod';
import { AUDIT_ACTOR_KINDS, CURRENT_PASSWORD_INCORRECT } from './account.ts';
import { publicUserSchema } from './auth.ts';
import { idField, timestampField } from './common.ts';

// A member's own account data (`GET /api/user/data`) and the deletion of the account
// (`DELETE /api/user`): docs/api.md "Privacy".

const when = timestampField.nullable();

/** Everything Rally holds about the signed-in account, as one JSON document. */
export const accountDataSchema = z.object({
  exportedAt: timestampField,
  /** The account itself (its role and organisation are under `memberships`). */
  profile: publicUserSchema.omit({ role: true, organizationId: true }),
  /** The organisations the account is a member of (at most one today), with the role. */
  memberships: z.array(
    z.object({
      organization: z.object({ id: idField, name: z.string() }),
      role: z.string(),
      joinedAt: when,
    }),
  ),
  /** Sessions, without their token hashes. */
  sessions: z.array(
    z.object({
      id: idField,
      createdAt: timestampField,
      expiresAt: timestampField,
      lastSeenAt: when,
      userAgent: z.string().nullable(),
    }),
  ),
  invitationsSent: z.array(
    z.object({
      id: idField,
      organizationId: idField,
      email: z.string(),
      role: z.string(),
      createdAt: timestampField,
      expiresAt: timestampField,
      acceptedAt: when,
    }),
  ),
  /** Invitations this account accepted, or addressed to its current email. */
  invitationsReceived: z.array(
    z.object({
      id: idField,
      organizationId: idField,
      role: z.string(),
      createdAt: timestampField,
      acceptedAt: when,
    }),
  ),
  emailChanges: z.array(
    z.object({
      id: idField,
      oldEmail: z.string().nullable(),
      newEmail: z.string().nullable(),
      createdAt: timestampField,
      confirmedAt: when,
      undoneAt: when,
    }),
  ),
  /** The API keys the account made, by name (never the key or its hash). */
  apiKeys: z.array(
    z.object({
      id: idField,
      organizationId: idField,
      name: z.string(),
      role: z.string(),
      prefix: z.string(),
      createdAt: timestampField,
      lastUsedAt: when,
    }),
  ),
  uploads: z.array(
    z.object({ name: z.string(), organizationId: idField, size: z.number(), createdAt: timestampField }),
  ),
  /** Every audit entry the account is the actor of, oldest first. */
  audit: z.array(
    z.object({
      id: idField,
      organizationId: idField.nullable(),
      at: timestampField,
      action: z.string(),
      target: z.string(),
      actorKind: z.enum(AUDIT_ACTOR_KINDS),
      apiKeyName: z.string().nullable(),
    }),
  ),
});
export type AccountData = z.infer<typeof accountDataSchema>;

/** `DELETE /api/user`: the current password, so a stolen session cannot delete the account. */
export const deleteAccountSchema = z.strictObject({
  password: z
    .string()
    .min(1, 'Enter your password to delete your account')
    .max(200, CURRENT_PASSWORD_INCORRECT),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The 409 of the instance's last operator who asks to delete their account. */
export const LAST_OPERATOR_DELETION_MESSAGE =
  'You are the last operator of this instance: name another one (npm run admin -- grant-operator <username>) before deleting your account';

/** The 409 of the last admin of an organisation who asks to delete their account. */
export const lastAdminDeletionMessage = (organization: string) =>
  `You are the last admin of ${organization}: make another member an admin, or ask them to, before deleting your account`;
