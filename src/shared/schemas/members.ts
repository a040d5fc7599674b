import { z } from 'zod';
import { emailField } from './auth.ts';

/** A member's role, weakest first: each role can do everything the ones before it can. */
export const ROLES = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const roleField = z.enum(ROLES, { error: 'Role must be one of viewer, editor, admin' });

export const LAST_ADMIN_MESSAGE = 'An organization needs at least one admin';

/** The 403 message for a call the caller's role does not allow. */
export const roleNeededMessage = (role: Role) => `This needs the ${role} role`;

export const memberSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string(),
  joinedAt: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.array(memberSchema);

export const userIdParamsSchema = z.strictObject({
  userId: z.coerce
    .number({ error: 'User id must be a positive integer' })
    .int('User id must be a positive integer')
    .positive('User id must be a positive integer'),
});

export const updateMemberSchema = z.strictObject({ role: roleField });
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;

export const createInvitationSchema = z.strictObject({ email: emailField, role: roleField });
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

export const createdInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.string(),
  expiresAt: z.string(),
  /** `{origin}/invite/{token}`: shown once, the token is not stored. */
  url: z.string(),
  emailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const invitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.array(invitationSchema);

/** Tokens are opaque; anything that is not one is simply not found. */
export const invitationTokenParamsSchema = z.strictObject({ token: z.string().max(200) });

export const invitationPreviewSchema = z.object({
  organization: z.object({ name: z.string() }),
  role: z.string(),
  email: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptedInvitationSchema = z.object({ organizationId: z.number(), role: z.string() });
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;
