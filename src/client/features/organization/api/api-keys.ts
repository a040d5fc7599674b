import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '#shared/schemas/api-keys.ts';
import { revocableList } from './revocable-list.ts';

/** /api/organization/api-keys: the organisation's keys; a revoked key stops working at once. */
export const {
  useList: useApiKeys,
  useCreate: useCreateApiKey,
  useRevoke: useRevokeApiKey,
} = revocableList<ApiKey, CreateApiKeyInput, CreatedApiKey>('/api/organization/api-keys');
