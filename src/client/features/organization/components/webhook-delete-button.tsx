import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2Icon } from 'lucide-react';
import type { WebhookEndpoint } from '#shared/schemas/webhooks.ts';
import { ConfirmButton } from '#client/components/ui/confirm-dialog.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { useDeleteWebhook } from '../api/webhooks.ts';

/** 'Delete', after a confirmation: the endpoint, its delivery log and its waiting deliveries go. */
export function WebhookDeleteButton({ endpoint }: { endpoint: WebhookEndpoint }) {
  const remove = useDeleteWebhook();
  const { t } = useLingui();
  const url = endpoint.url;
  return (
    <ConfirmButton
      size="sm"
      variant="outline"
      title={t`Delete this endpoint?`}
      description={
        <p>
          <Trans>
            Nothing more is sent to <bdi className="font-mono">{url}</bdi>; deliveries still waiting are
            dropped and its delivery log goes with it. This cannot be undone.
          </Trans>
        </p>
      }
      confirmLabel={t`Delete`}
      onConfirm={() =>
        remove.mutateAsync(endpoint.id).then(
          () => toast({ title: t`Endpoint deleted`, description: url }),
          (err) => {
            toastError(t`Endpoint not deleted`, err, t`Something went wrong`);
            throw err;
          },
        )
      }
    >
      <Trash2Icon aria-hidden />
      <Trans>Delete</Trans>
    </ConfirmButton>
  );
}
