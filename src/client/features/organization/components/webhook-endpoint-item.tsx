import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDownIcon, PencilIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { RotatedWebhookSecret, WebhookEndpoint } from '#shared/schemas/webhooks.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormDialog } from '#client/components/ui/dialog.tsx';
import { cn } from '#client/lib/utils.ts';
import { WebhookDeleteButton } from './webhook-delete-button.tsx';
import { WebhookDeliveryLog } from './webhook-delivery-log.tsx';
import { WebhookDisabledNotice } from './webhook-disabled-notice.tsx';
import { WebhookEndpointForm } from './webhook-endpoint-form.tsx';
import { WebhookRotateSecret } from './webhook-rotate-secret.tsx';
import { WebhookSecretPanel } from './webhook-secret-panel.tsx';
import { WebhookTestButton } from './webhook-test-button.tsx';

/**
 * One endpoint: its address, what it receives, whether it is on and how its last
 * delivery went; its actions; and its delivery log, opened on demand (and on a test).
 */
export function WebhookEndpointItem({ endpoint: e }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const logId = useId();
  const [logOpen, setLogOpen] = useState(false);
  const [rotated, setRotated] = useState<RotatedWebhookSecret | null>(null);
  const count = e.events.length;
  const prefix = e.secretPrefix;
  const last = e.lastDelivery;
  const lastTime = last ? i18n.date(last.attemptedAt, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  const lastOk = last?.statusCode != null && last.statusCode >= 200 && last.statusCode < 300;
  const lastStatus = last?.statusCode != null ? String(last.statusCode) : t`no answer`;
  const previousUntil = e.previousSecretExpiresAt
    ? i18n.date(e.previousSecretExpiresAt, { dateStyle: 'medium', timeStyle: 'short' })
    : null;
  return (
    <li
      aria-labelledby={titleId}
      data-testid="webhook-endpoint"
      className="space-y-3 rounded-md border border-border p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h4 id={titleId} className="break-all font-mono text-sm font-semibold" dir="ltr">
            {e.url}
          </h4>
          {e.description && (
            <p className="text-sm text-muted-foreground" dir="auto">
              {e.description}
            </p>
          )}
        </div>
        {e.enabled ? (
          <Badge variant="success">
            <Trans>Enabled</Trans>
          </Badge>
        ) : e.disabledReason === 'failing' ? (
          <Badge variant="warning">
            <Trans>Off: failing</Trans>
          </Badge>
        ) : (
          <Badge variant="secondary">
            <Trans>Off</Trans>
          </Badge>
        )}
      </div>
      <WebhookDisabledNotice endpoint={e} />
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">
          <Trans>Events</Trans>
        </dt>
        <dd className="font-mono text-xs leading-5" dir="ltr">
          <span className="sr-only">{plural(count, { one: '# event:', other: '# events:' })} </span>
          <code>{e.events.join(', ')}</code>
        </dd>
        <dt className="text-muted-foreground">
          <Trans>Secret</Trans>
        </dt>
        <dd>
          <code className="font-mono" dir="ltr">
            {prefix}…
          </code>
          {previousUntil && (
            <span className="ms-2 text-muted-foreground">
              <Trans>(the previous secret also signs until {previousUntil})</Trans>
            </span>
          )}
        </dd>
        <dt className="text-muted-foreground">
          <Trans>Last delivery</Trans>
        </dt>
        <dd>
          {last ? (
            <span className={cn(!lastOk && 'text-destructive')}>
              {lastOk ? (
                <Trans>
                  {lastTime}: delivered ({lastStatus})
                </Trans>
              ) : (
                <Trans>
                  {lastTime}: failed ({lastStatus})
                </Trans>
              )}
            </span>
          ) : (
            <Trans>None yet</Trans>
          )}
        </dd>
      </dl>
      {rotated && (
        <WebhookSecretPanel
          secret={rotated.secret}
          previousSecretExpiresAt={rotated.previousSecretExpiresAt}
          done={() => setRotated(null)}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <WebhookTestButton endpointId={e.id} onSent={() => setLogOpen(true)} />
        <FormDialog
          trigger={
            <Button size="sm" variant="outline">
              <PencilIcon aria-hidden />
              <Trans>Edit</Trans>
            </Button>
          }
          title={t`Edit the endpoint`}
          description={t`Change where events go, which events, or turn the endpoint off.`}
        >
          {(close) => <WebhookEndpointForm endpoint={e} onSaved={close} />}
        </FormDialog>
        <WebhookRotateSecret endpoint={e} onRotated={setRotated} />
        <WebhookDeleteButton endpoint={e} />
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen(!logOpen)}
        >
          <ChevronDownIcon aria-hidden className={cn('transition-transform', logOpen && 'rotate-180')} />
          <Trans>Delivery log</Trans>
        </Button>
      </div>
      <div id={logId}>{logOpen && <WebhookDeliveryLog endpointId={e.id} />}</div>
    </li>
  );
}
