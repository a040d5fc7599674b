import { z } from 'zod';
import { descriptionField, idField, timestampField } from './common.ts';
import { newUsernameField } from './auth.ts';
import { organizationNameField } from './settings.ts';

export const createOrganizationSchema = z.strictObject({
  name: organizationNameField,
  username: newUsernameField.regex(
    /^[a-zA-Z0-9_-]+$/,
    'Username can only contain letters, numbers, underscores, and hyphens',
  ),
  description: descriptionField.optional(),
  /** Sent by the client for compatibility; the server always uses the caller. */
  creatorId: z.number().int().positive().optional(),
});
export type CreateOrganizationInput = z.infer<typeof createOrganizationSchema>;

export const organizationQuerySchema = z.strictObject({ id: z.coerce.number().int().positive().optional() });

export const organizationSchema = z.object({
  id: idField,
  name: z.string(),
  username: z.string(),
  description: z.string().nullable(),
  creatorId: idField,
  createdAt: timestampField,
  /** Suspended by the instance's operators since then (members read only; the staff banner); null while active. */
  suspendedAt: timestampField.nullable(),
  /** The operators' reason, shown to the members. */
  suspendedReason: z.string().nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;
