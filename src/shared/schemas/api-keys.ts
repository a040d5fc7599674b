import { z } from 'zod';
import { MAX_API_KEY_NAME } from '../constants.ts';
import { idField, timestampField } from './common.ts';

/** The roles a key may have: never admin, so a leaked key cannot manage the team or other keys. */
export const API_KEY_ROLES = ['viewer', 'editor'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

export const createApiKeySchema = z.strictObject({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(MAX_API_KEY_NAME, `Name must be at most ${MAX_API_KEY_NAME} characters`),
  role: z.enum(API_KEY_ROLES, { error: 'Role must be viewer or editor' }),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: idField,
  name: z.string(),
  role: z.string(),
  /** The key's first characters (`rk_` and a few more): enough to recognise it, useless to call with. */
  prefix: z.string(),
  createdAt: timestampField,
  lastUsedAt: timestampField.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

/** POST's answer: the key itself, shown this once (only its hash is stored). */
export const createdApiKeySchema = apiKeySchema.omit({ lastUsedAt: true }).extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
