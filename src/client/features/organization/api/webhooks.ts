import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type {
  CreatedWebhook,
  CreateWebhookInput,
  QueuedWebhookMessage,
  RotatedWebhookSecret,
  UpdateWebhookInput,
  WebhookDeliveriesPage,
  WebhookEndpoint,
} from '#shared/schemas/webhooks.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

// /api/webhooks (admins, signed in; docs/api.md "Integrations > Webhook endpoints").
// The list carries each endpoint's last delivery, so every write refreshes it.

/** How often an open delivery log looks for new attempts: the sender works in the background. */
export const DELIVERY_LOG_REFRESH_MS = 2_000;

const webhooksQuery = queryOptions({
  queryKey: queryKeys.webhooks,
  queryFn: () => apiRequest<WebhookEndpoint[]>('GET', '/api/webhooks'),
});

/** GET /api/webhooks: the organisation's endpoints (admin only, so callers say when). */
export const useWebhooks = (opts: { enabled: boolean }) =>
  useQuery({ ...webhooksQuery, enabled: opts.enabled });

/** Refreshes the endpoints and every delivery log (their addresses start with the list's). */
const refreshWebhooks = () => {
  const under = `${queryKeys.webhooks[0]}/`;
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
    queryClient.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(under),
    }),
  ]);
};

/** POST /api/webhooks: the answer carries the signing secret, shown this once. */
export const useCreateWebhook = () =>
  useMutation({
    mutationFn: (input: CreateWebhookInput) => apiRequest<CreatedWebhook>('POST', '/api/webhooks', input),
    onSettled: refreshWebhooks,
  });

/** PUT /api/webhooks/:id: any of url, description, events, enabled. */
export const useUpdateWebhook = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateWebhookInput }) =>
      apiRequest<WebhookEndpoint>('PUT', `/api/webhooks/${id}`, input),
    onSettled: refreshWebhooks,
  });

/** DELETE /api/webhooks/:id: its waiting deliveries are dropped. */
export const useDeleteWebhook = () =>
  useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/webhooks/${id}`),
    onSettled: refreshWebhooks,
  });

/** POST /api/webhooks/:id/rotate-secret: a new secret (shown once); the old one signs 24 h more. */
export const useRotateWebhookSecret = () =>
  useMutation({
    mutationFn: (id: number) => apiRequest<RotatedWebhookSecret>('POST', `/api/webhooks/${id}/rotate-secret`),
    onSettled: refreshWebhooks,
  });

/** POST /api/webhooks/:id/test: queues a `ping` to this endpoint alone. */
export const useSendTestEvent = () =>
  useMutation({
    mutationFn: (id: number) => apiRequest<QueuedWebhookMessage>('POST', `/api/webhooks/${id}/test`),
    onSettled: refreshWebhooks,
  });

/** POST /api/webhooks/:id/deliveries/:messageId/retry: the message goes out once more, now. */
export const useRetryDelivery = () =>
  useMutation({
    mutationFn: ({ id, messageId }: { id: number; messageId: string }) =>
      apiRequest<QueuedWebhookMessage>(
        'POST',
        `/api/webhooks/${id}/deliveries/${encodeURIComponent(messageId)}/retry`,
      ),
    onSettled: refreshWebhooks,
  });

/**
 * GET /api/webhooks/:id/deliveries?page=: one page of the endpoint's attempts, newest
 * first, read again every DELIVERY_LOG_REFRESH_MS while it is shown (a queued test or
 * retry lands within a tick of the sender); the page on screen stays while the next loads.
 * A new attempt on the first page refreshes the list too, which shows the last delivery.
 */
export function useWebhookDeliveries(id: number, page: number) {
  const query = useQuery({
    queryKey: queryKeys.webhookDeliveries(id, page),
    queryFn: () => apiRequest<WebhookDeliveriesPage>('GET', `/api/webhooks/${id}/deliveries?page=${page}`),
    placeholderData: keepPreviousData,
    refetchInterval: DELIVERY_LOG_REFRESH_MS,
  });
  const newest = page === 1 ? query.data?.items[0]?.id : undefined;
  const seen = useRef(newest);
  useEffect(() => {
    if (newest === undefined || newest === seen.current) return;
    seen.current = newest;
    void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks });
  }, [newest]);
  return query;
}
