import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeftIcon, ChevronRightIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import type { WebhookDelivery } from '#shared/schemas/webhooks.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { useRetryDelivery, useWebhookDeliveries } from '../api/webhooks.ts';
import { deliveryErrorWords } from '../lib/delivery-error-words.ts';
import { eventWords } from './webhook-event-choices.tsx';

/**
 * One endpoint's delivery log: its attempts, newest first, a page at a time (kept 30
 * days), each with a Retry that sends its message once more now.
 */
export function WebhookDeliveryLog({ endpointId }: { endpointId: number }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const { t } = useLingui();
  return (
    <section aria-label={t`Delivery log`} className="space-y-3">
      <h4 className="text-sm font-semibold">
        <Trans>Delivery log</Trans>
      </h4>
      <QueryView query={deliveries} loading={t`Loading deliveries`} failed={t`Failed to fetch deliveries`}>
        {(data) => (
          <>
            {data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>Nothing sent yet. Send a test event to try the endpoint.</Trans>
              </p>
            ) : (
              <DataTable
                columns={[t`Event`, t`Time`, t`Attempt`, t`Status`, t`Duration`, t`Response`, t`Error`]}
                actions
              >
                {data.items.map((d) => (
                  <DeliveryRow key={d.id} endpointId={endpointId} delivery={d} />
                ))}
              </DataTable>
            )}
            {(page > 1 || data.hasMore) && (
              <nav aria-label={t`Delivery log pages`} className="flex items-center justify-end gap-2">
                <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
                  <ChevronLeftIcon aria-hidden className="rtl:-scale-x-100" />
                  <Trans>Newer</Trans>
                </Button>
                <span className="text-sm text-muted-foreground">
                  <Trans>Page {page}</Trans>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!data.hasMore}
                  onClick={() => setPage(page + 1)}
                >
                  <Trans>Older</Trans>
                  <ChevronRightIcon aria-hidden className="rtl:-scale-x-100" />
                </Button>
              </nav>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

function DeliveryRow({ endpointId, delivery: d }: { endpointId: number; delivery: WebhookDelivery }) {
  const retry = useRetryDelivery();
  const { t, i18n } = useLingui();
  const ok = d.statusCode !== null && d.statusCode >= 200 && d.statusCode < 300;
  const time = i18n.date(d.attemptedAt, { dateStyle: 'medium', timeStyle: 'medium' });
  const ms = i18n.number(d.durationMs);
  const words = eventWords(i18n, d.eventType) ?? (d.eventType === 'ping' ? t`Test event` : null);
  const event = d.eventType;
  const error = deliveryErrorWords(i18n, d);
  return (
    <tr data-testid="webhook-delivery-row">
      <td className="py-3 pe-4 align-top">
        <code className="font-mono text-xs" dir="ltr">
          {d.eventType}
        </code>
        {words && <span className="block text-xs text-muted-foreground">{words}</span>}
      </td>
      <td className="py-3 pe-4 align-top">{time}</td>
      <td className="py-3 pe-4 align-top">{i18n.number(d.attempt)}</td>
      <td className="py-3 pe-4 align-top whitespace-nowrap">
        {d.statusCode !== null ? (
          <Badge variant={ok ? 'success' : 'warning'}>{d.statusCode}</Badge>
        ) : (
          <Badge variant="warning">
            <Trans>No answer</Trans>
          </Badge>
        )}
      </td>
      <td className="py-3 pe-4 align-top whitespace-nowrap">
        <Trans>{ms} ms</Trans>
      </td>
      <td className="min-w-32 max-w-xs py-3 pe-4 align-top">
        {d.responseExcerpt ? (
          <pre
            className="max-h-24 overflow-auto whitespace-pre-wrap font-mono text-xs [overflow-wrap:anywhere]"
            dir="auto"
          >
            {d.responseExcerpt}
          </pre>
        ) : (
          <span className="text-xs text-muted-foreground">{t`Empty`}</span>
        )}
      </td>
      {/* What went wrong, from its code, in the reader's language. */}
      <td className="min-w-32 max-w-xs py-3 pe-4 align-top text-xs" dir="auto">
        {error && (
          <span className="font-medium text-destructive" data-testid="webhook-delivery-error">
            {error}
          </span>
        )}
      </td>
      <td className="py-3 text-end align-top">
        <Button
          size="sm"
          variant="outline"
          disabled={retry.isPending}
          aria-label={t`Retry ${event} of ${time}`}
          onClick={() =>
            retry.mutate(
              { id: endpointId, messageId: d.messageId },
              {
                onSuccess: () =>
                  toast({
                    title: t`Delivery queued again`,
                    description: t`The new attempt shows here once it has been sent.`,
                  }),
                onError: (err) => toastError(t`Delivery not retried`, err, t`Something went wrong`),
              },
            )
          }
        >
          <RotateCcwIcon aria-hidden />
          <Trans>Retry</Trans>
        </Button>
      </td>
    </tr>
  );
}
