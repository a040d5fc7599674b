import type { MessageCheck } from '#shared/schemas/shares.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/**
 * GET /api/supporter/assets/:id/message-check: whether many shares of the asset already
 * carried this message, and which of its words the organisation does not allow.
 */
export const checkMessage = (assetId: number, text: string) =>
  apiRequest<MessageCheck>(
    'GET',
    `/api/supporter/assets/${assetId}/message-check?text=${encodeURIComponent(text)}`,
  );
