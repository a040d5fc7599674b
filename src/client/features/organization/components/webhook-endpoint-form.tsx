import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  type CreatedWebhook,
  type CreateWebhookInput,
  createWebhookSchema,
  MAX_WEBHOOK_DESCRIPTION,
  MAX_WEBHOOK_URL,
  type WebhookEndpoint,
} from '#shared/schemas/webhooks.ts';
import { DescriptionField, Form, FormSubmit, InputField } from '#client/components/ui/form-field.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { applyServerFieldErrors } from '#client/lib/server-field-errors.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks.ts';
import { SettingSwitch } from './setting-switch.tsx';
import { WebhookEventChoices } from './webhook-event-choices.tsx';

const FIELDS = ['url', 'description', 'events', 'enabled'] as const;

/**
 * An endpoint's URL, description, events and on/off: a new one (`onCreated` gets the
 * answer with its secret) or `endpoint` changed (`onSaved`). The server's refusals
 * land on their field (an address it may not post to, on URL); others show below.
 */
export function WebhookEndpointForm({
  endpoint,
  onCreated,
  onSaved,
}: {
  endpoint?: WebhookEndpoint;
  onCreated?: (made: CreatedWebhook) => void;
  onSaved?: () => void;
}) {
  const { t } = useLingui();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useSchemaForm(createWebhookSchema, {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    events: endpoint?.events ?? [],
    enabled: endpoint?.enabled ?? true,
  } satisfies CreateWebhookInput);
  const pending = create.isPending || update.isPending;
  /** A refusal that names no field of the form, said below it. */
  const [otherError, setOtherError] = useState<string>();

  const onSubmit = handleSubmit(async (values) => {
    setOtherError(undefined);
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, input: values });
        toast({ title: t`Endpoint saved`, description: values.url });
        onSaved?.();
      } else {
        onCreated?.(await create.mutateAsync(values));
      }
    } catch (err) {
      if (!applyServerFieldErrors(err, setError, FIELDS)) {
        setOtherError(errorMessage(err, t`Something went wrong`));
      }
    }
  });

  return (
    <Form
      aria-label={endpoint ? t`Edit the endpoint` : t`Add an endpoint`}
      className="space-y-4"
      onSubmit={onSubmit}
    >
      <InputField
        id="webhook-url"
        label={t`URL`}
        placeholder="https://example.org/hooks/rally"
        help={t`Where Rally posts the events, starting with https://.`}
        type="url"
        dir="ltr"
        autoComplete="off"
        maxLength={MAX_WEBHOOK_URL}
        error={errors.url?.message}
        {...register('url')}
      />
      <DescriptionField
        id="webhook-description"
        maxLength={MAX_WEBHOOK_DESCRIPTION}
        placeholder={t`e.g. Our CRM`}
        error={errors.description?.message}
        {...register('description')}
      />
      <Controller
        control={control}
        name="events"
        render={({ field }) => (
          <WebhookEventChoices value={field.value} onChange={field.onChange} error={errors.events?.message} />
        )}
      />
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <SettingSwitch
            label={t`Enabled`}
            description={t`When off, nothing is sent to this endpoint.`}
            checked={field.value ?? true}
            onCheckedChange={field.onChange}
          />
        )}
      />
      {otherError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {otherError}
        </p>
      )}
      <FormSubmit pending={pending} pendingLabel={t`Saving...`}>
        {endpoint ? <Trans>Save endpoint</Trans> : <Trans>Add endpoint</Trans>}
      </FormSubmit>
    </Form>
  );
}
