import { Trans, useLingui } from '@lingui/react/macro';
import { RefreshCwIcon } from 'lucide-react';
import type { RotatedWebhookSecret, WebhookEndpoint } from '#shared/schemas/webhooks.ts';
import { ConfirmButton } from '#client/components/ui/confirm-dialog.tsx';
import { toastError } from '#client/components/ui/use-toast.ts';
import { useRotateWebhookSecret } from '../api/webhooks.ts';

/** 'Rotate secret', after a confirmation that the old secret keeps working for 24 hours. */
export function WebhookRotateSecret({
  endpoint,
  onRotated,
}: {
  endpoint: WebhookEndpoint;
  onRotated: (rotated: RotatedWebhookSecret) => void;
}) {
  const rotate = useRotateWebhookSecret();
  const { t } = useLingui();
  return (
    <ConfirmButton
      size="sm"
      variant="outline"
      title={t`Rotate the signing secret?`}
      description={
        <>
          <p>
            <Trans>
              A new secret signs every delivery from now on. The old secret stays valid for 24 hours:
              meanwhile each delivery carries both signatures, so you have time to update your receiver.
            </Trans>
          </p>
          <p>
            <Trans>The new secret is shown once.</Trans>
          </p>
        </>
      }
      confirmLabel={t`Rotate secret`}
      onConfirm={() =>
        rotate.mutateAsync(endpoint.id).then(onRotated, (err) => {
          toastError(t`Secret not rotated`, err, t`Something went wrong`);
          throw err;
        })
      }
    >
      <RefreshCwIcon aria-hidden />
      <Trans>Rotate secret</Trans>
    </ConfirmButton>
  );
}
