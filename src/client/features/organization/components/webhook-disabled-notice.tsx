import { Trans, useLingui } from '@lingui/react/macro';
import { AlertTriangleIcon } from 'lucide-react';
import type { WebhookEndpoint } from '#shared/schemas/webhooks.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { useUpdateWebhook } from '../api/webhooks.ts';

/**
 * Why an endpoint is off: turned off by Rally after a day of failed deliveries (with a
 * way to turn it back on once the receiver is fixed), or by an admin. Nothing when on.
 */
export function WebhookDisabledNotice({ endpoint }: { endpoint: WebhookEndpoint }) {
  const update = useUpdateWebhook();
  const { t } = useLingui();
  if (endpoint.enabled) return null;
  const failing = endpoint.disabledReason === 'failing';
  return (
    <div
      className={
        failing
          ? 'flex flex-wrap items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'
          : 'flex flex-wrap items-start gap-3 rounded-md border border-border bg-muted/40 p-3 text-sm'
      }
    >
      {failing && <AlertTriangleIcon aria-hidden className="mt-0.5 size-4 shrink-0" />}
      <p className="min-w-0 flex-1">
        {failing ? (
          <Trans>
            Rally turned this endpoint off: every delivery failed for 24 hours. Check the delivery log, fix
            the receiver, then turn it back on.
          </Trans>
        ) : (
          <Trans>This endpoint is off: nothing is sent to it.</Trans>
        )}
      </p>
      <Button
        size="sm"
        variant="outline"
        disabled={update.isPending}
        onClick={() =>
          update.mutate(
            { id: endpoint.id, input: { enabled: true } },
            {
              onSuccess: () => toast({ title: t`Endpoint turned on`, description: endpoint.url }),
              onError: (err) => toastError(t`Endpoint not turned on`, err, t`Something went wrong`),
            },
          )
        }
      >
        <Trans>Turn on</Trans>
      </Button>
    </div>
  );
}
