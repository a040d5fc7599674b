import { z } from 'zod';
import { idField, timestampField, trimmedText } from './common.ts';

// An operator's suspensions, the held mail and the instance audit log (docs/api.md
// "Operators"): POST /api/instance/organizations/:id/suspend and /restore,
// GET /api/instance/held-mail with its release and drop, GET /api/instance/audit.

export const MAX_SUSPENSION_REASON = 500;
export const SUSPENSION_REASON_REQUIRED = 'Give the reason for the suspension: its members are shown it';

export const suspendOrganizationSchema = z.strictObject({
  /** Shown to the organisation's members in their banner and in every refused write. */
  reason: trimmedText('Reason', MAX_SUSPENSION_REASON).min(1, SUSPENSION_REASON_REQUIRED),
});
export type SuspendOrganizationInput = z.infer<typeof suspendOrganizationSchema>;

/** Rows per page of the held mail and of the instance audit log. */
export const INSTANCE_LIST_PAGE_SIZE = 50;

export const instancePageQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: 'page must be a positive integer' })
    .int('page must be a positive integer')
    .min(1, 'page must be at least 1')
    .default(1),
});
export type InstancePageParams = z.input<typeof instancePageQuerySchema>;

/** One held mail as operators see it: never the address, only its domain; never the body. */
export const heldMailSchema = z.object({
  id: idField,
  /** Null for a person's account mail (held only by a spent budget). */
  organizationId: idField.nullable(),
  organizationName: z.string().nullable(),
  recipientDomain: z.string(),
  /** Always the instance's own words. */
  subject: z.string(),
  /** The campaign a reminder is about; null for other mail. */
  campaignName: z.string().nullable(),
  /** reminder, reminder-confirm, invitation, digest-daily, ... */
  kind: z.string(),
  /** new-organization, organization-suspended, budget-recipient, budget-organization, budget-instance. */
  reason: z.string(),
  heldSince: timestampField,
  /** Not sent by then, it expires. */
  expiresAt: timestampField,
});
export type HeldMail = z.infer<typeof heldMailSchema>;

/** One page of a console list: its rows, how many there are in all, which page of what size. */
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const heldMailPageSchema = pageOf(heldMailSchema);
export type HeldMailPage = z.infer<typeof heldMailPageSchema>;

/** What became of a held mail an operator released (queued: the sender takes it next) or dropped. */
export const heldMailOutcomeSchema = z.object({ id: idField, status: z.enum(['queued', 'dropped']) });
export type HeldMailOutcome = z.infer<typeof heldMailOutcomeSchema>;

export const instanceAuditEntrySchema = z.object({
  id: idField,
  /** organization.suspended, organization.restored, held_mail.released, registration.changed, ... */
  action: z.string(),
  /** The operator's username, or 'command line'. */
  actorName: z.string(),
  target: z.string(),
  organizationId: idField.nullable(),
  /** Further facts (a reason, the new policy). */
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: timestampField,
});
export type InstanceAuditEntry = z.infer<typeof instanceAuditEntrySchema>;

export const instanceAuditPageSchema = pageOf(instanceAuditEntrySchema);
export type InstanceAuditPage = z.infer<typeof instanceAuditPageSchema>;
