import { Trans, useLingui } from '@lingui/react/macro';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { type CreatedWebhook, MAX_WEBHOOK_ENDPOINTS } from '#shared/schemas/webhooks.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { TitledDialog } from '#client/components/ui/dialog.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { useWebhooks } from '../api/webhooks.ts';
import { WebhookEndpointForm } from './webhook-endpoint-form.tsx';
import { WebhookEndpointItem } from './webhook-endpoint-item.tsx';
import { WebhookSecretPanel } from './webhook-secret-panel.tsx';

/**
 * 'Webhooks' (admins): the organisation's endpoints, and 'Add endpoint', whose dialog
 * turns into the new endpoint's secret (shown this once) when it is made.
 */
export function WebhookEndpointList() {
  const { t, i18n } = useLingui();
  const webhooks = useWebhooks({ enabled: true });
  const max = i18n.number(MAX_WEBHOOK_ENDPOINTS);
  return (
    <SectionCard
      title={t`Webhooks`}
      description={
        <Trans>
          Rally posts what happens in your organization (shares, campaigns, assets, team changes) to the
          addresses you add here, signed with each endpoint's secret (Standard Webhooks). At most {max}{' '}
          endpoints.
        </Trans>
      }
      action={<AddEndpoint />}
      contentClassName="space-y-4"
    >
      <QueryView
        query={webhooks}
        loading={t`Loading endpoints`}
        failed={t`Failed to fetch endpoints`}
        empty={t`No endpoints yet.`}
      >
        {(endpoints) => (
          <ul className="space-y-4" aria-label={t`Endpoints`}>
            {endpoints.map((e) => (
              <WebhookEndpointItem key={e.id} endpoint={e} />
            ))}
          </ul>
        )}
      </QueryView>
    </SectionCard>
  );
}

/** 'Add endpoint': the form, then the new endpoint's secret until Done. */
function AddEndpoint() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState<CreatedWebhook | null>(null);
  const close = () => {
    setOpen(false);
    setMade(null);
  };
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      trigger={
        <Button size="sm">
          <PlusIcon aria-hidden />
          <Trans>Add endpoint</Trans>
        </Button>
      }
      title={made ? t`Endpoint added` : t`Add an endpoint`}
      description={
        made
          ? t`Rally signs every request to it with this secret.`
          : t`Rally posts the events you choose to this address.`
      }
      contentClassName="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      {open &&
        (made ? (
          <WebhookSecretPanel secret={made.secret} done={close} />
        ) : (
          <WebhookEndpointForm onCreated={setMade} />
        ))}
    </TitledDialog>
  );
}
