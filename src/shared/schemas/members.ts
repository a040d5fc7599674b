import type { MessageDescriptor } from '@lingui/core';
import { z } from 'zod';
import { emailField, publicUserSchema } from './auth.ts';
import { idField, positiveIdParam, timestampField } from './common.ts';

/** A member's role, weakest first: each role can do everything the ones before it can. */
export const ROLES = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** True when `role` (a membership's stored role) is at least `needed`; 'user' (no organisation) is none. */
export function hasRole(role: string | null | undefined, needed: Role): boolean {
  const have = ROLES.indexOf(role as Role);
  return have >= 0 && have >= ROLES.indexOf(needed);
}

/**
 * Who approves changes under review (docs/api.md "Review before publishing"): an
 * admin always; an editor an admin let review (users.canReview); nobody else.
 */
export function mayReview(role: string | null | undefined, canReview: unknown): boolean {
  return role === 'admin' || (role === 'editor' && Boolean(canReview));
}

/** The 403 message of a review route to a member who may not review. */
export const REVIEWER_NEEDED_MESSAGE = 'This needs the reviewer permission';

export const roleField = z.enum(ROLES, { error: 'Role must be one of viewer, editor, admin' });

export const LAST_ADMIN_MESSAGE = 'An organization needs at least one admin';

/** The 403 message for a call the caller's role does not allow (the server's words: English). */
export const roleNeededMessage = (role: Role) => `This needs the ${role} role`;

/**
 * The roles' names as the staff screens show them, in the `shared` catalog (explicit
 * ids: this module also runs on the server, where no macro runs).
 */
export const ROLE_NAMES: Readonly<Record<Role, MessageDescriptor>> = {
  viewer: /*i18n*/ { id: 'role.viewer', message: 'Viewer' },
  editor: /*i18n*/ { id: 'role.editor', message: 'Editor' },
  admin: /*i18n*/ { id: 'role.admin', message: 'Admin' },
};

/** roleNeededMessage's words for the reader: a control the member's role does not allow. */
export const ROLE_NEEDED: Readonly<Record<Role, MessageDescriptor>> = {
  viewer: /*i18n*/ { id: 'role.needed.viewer', message: 'This needs the viewer role' },
  editor: /*i18n*/ { id: 'role.needed.editor', message: 'This needs the editor role' },
  admin: /*i18n*/ { id: 'role.needed.admin', message: 'This needs the admin role' },
};

/** A member as the team list shows them: the public user's name fields, their role and when they joined. */
export const memberSchema = publicUserSchema
  .pick({ id: true, username: true, email: true, firstName: true, lastName: true, role: true })
  .extend({
    joinedAt: timestampField.nullable(),
    /** May approve changes under review: always for an admin, never for a viewer. */
    canReview: z.boolean(),
  });
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.array(memberSchema);

export const userIdParamsSchema = z.strictObject({ userId: positiveIdParam('User id') });

/** PUT /api/organization/members/:userId: a new role, the review permission, or both. */
export const updateMemberSchema = z
  .strictObject({ role: roleField.optional(), canReview: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.canReview !== undefined, {
    message: 'Send a role, canReview, or both',
  });
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;

export const createInvitationSchema = z.strictObject({ email: emailField, role: roleField });
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

export const invitationSchema = z.object({
  id: idField,
  email: z.string(),
  role: z.string(),
  expiresAt: timestampField,
  createdAt: timestampField,
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.array(invitationSchema);

/** POST /api/organization/invitations: the new invitation and its link. */
export const createdInvitationSchema = invitationSchema.omit({ createdAt: true }).extend({
  /** `{origin}/invite/{token}`: shown once, the token is not stored. */
  url: z.string(),
  emailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const invitationPreviewSchema = z.object({
  organization: z.object({ name: z.string() }),
  role: z.string(),
  email: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptedInvitationSchema = z.object({ organizationId: idField, role: z.string() });
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;
