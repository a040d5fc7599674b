import { z } from 'zod';
import { idField, timestampField } from './common.ts';
import { MAX_DESCRIPTION, MAX_NAME, MAX_USERNAME, MIN_ORG_NAME, MIN_USERNAME } from '../constants.ts';

export const createOrganizationSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(MIN_ORG_NAME, 'Organization name must be at least 3 characters')
    .max(MAX_NAME, `Organization name must be at most ${MAX_NAME} characters`),
  username: z
    .string()
    .trim()
    .min(MIN_USERNAME, 'Username must be at least 3 characters')
    .max(MAX_USERNAME, `Username must be at most ${MAX_USERNAME} characters`)
    .regex(/^[a-zA-Z0-9_-]+$/, 'Username can only contain letters, numbers, underscores, and hyphens'),
  description: z
    .string()
    .trim()
    .max(MAX_DESCRIPTION, `Description must be at most ${MAX_DESCRIPTION} characters`)
    .optional(),
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
});
export type Organization = z.infer<typeof organizationSchema>;
