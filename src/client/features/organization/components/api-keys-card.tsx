import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { API_KEY_REQUESTS_PER_MINUTE } from '#shared/constants.ts';
import {
  API_KEY_ROLES,
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
  createApiKeySchema,
} from '#shared/schemas/api-keys.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { ConfirmButton } from '#client/components/ui/confirm-dialog.tsx';
import { Form, InputField, SelectField } from '#client/components/ui/form-field.tsx';
import { CopyField } from '#client/components/ui/copy-field.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { errorMessage, fieldErrorsOf } from '#client/lib/api-client.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { RoleLocked } from './role-locked.tsx';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';
import { useRole } from '../hooks/use-role.ts';
import { RoleOptions, roleName } from './role-options.tsx';

/**
 * 'API Access': admins make keys (name and role), see each new key once to copy,
 * and revoke keys; other members see what keys are for and a locked create button.
 */
export function ApiKeysCard() {
  const { can } = useRole();
  const isAdmin = can('admin');
  const { t, i18n } = useLingui();
  const perMinute = i18n.number(API_KEY_REQUESTS_PER_MINUTE);
  return (
    <SectionCard
      title={t`API Access`}
      description={
        <Trans>
          API keys connect Rally to your other tools. A key acts with its role (Viewer or Editor) on
          campaigns, assets, templates, stats and exports, never on the team, invitations or settings. Send it
          as{' '}
          <code className="font-mono" dir="ltr">
            Authorization: Bearer rk_…
          </code>
          ; each key may make {perMinute} requests a minute.
        </Trans>
      }
      contentClassName="space-y-6"
    >
      <RoleLocked needs="admin" label={t`Create API Key`}>
        <CreateApiKey />
      </RoleLocked>
      {isAdmin ? (
        <ApiKeyList />
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>Only admins can see and manage API keys.</Trans>
        </p>
      )}
    </SectionCard>
  );
}

/** The create form, replaced by the new key (shown this once) until Done. */
function CreateApiKey() {
  const create = useCreateApiKey();
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(createApiKeySchema, { name: '', role: 'viewer' } satisfies CreateApiKeyInput);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  if (created) return <NewApiKey created={created} done={() => setCreated(null)} />;

  const serverNameError = fieldErrorsOf(create.error).find((e) => e.path === 'name')?.message;
  const otherError =
    create.error && !serverNameError ? errorMessage(create.error, t`Something went wrong`) : undefined;

  return (
    <Form
      aria-label={t`Create an API key`}
      className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
      onSubmit={handleSubmit((values) =>
        create.mutate(values, {
          onSuccess: (key) => {
            setCreated(key);
            reset({ name: '', role: values.role });
          },
        }),
      )}
    >
      <InputField
        id="api-key-name"
        label={t`Key name`}
        placeholder={t`e.g. Newsletter sync`}
        autoComplete="off"
        maxLength={100}
        error={errors.name?.message ?? (serverNameError || undefined)}
        {...register('name')}
      />
      <SelectField id="api-key-role" label={t`Key role`} error={errors.role?.message} {...register('role')}>
        <RoleOptions roles={API_KEY_ROLES} />
      </SelectField>
      <Button type="submit" disabled={create.isPending}>
        <KeyRoundIcon aria-hidden />
        {create.isPending ? t`Creating...` : t`Create API Key`}
      </Button>
      {otherError && (
        <p role="alert" className="text-sm font-medium text-destructive sm:col-span-3">
          {otherError}
        </p>
      )}
    </Form>
  );
}

function NewApiKey({ created, done }: { created: CreatedApiKey; done: () => void }) {
  const { t, i18n } = useLingui();
  const name = created.name;
  const role = roleName(i18n, created.role);
  const prefix = created.prefix;
  return (
    <section
      aria-label={t`New API key`}
      className="space-y-2 rounded-md border border-border bg-muted/40 p-4"
    >
      <CopyField
        id="new-api-key"
        label={t`New key “${name}” (${role})`}
        value={created.key}
        notice={{ title: t`API key copied!` }}
      />
      <p role="status" className="text-sm font-medium">
        <Trans>
          Copy this key now: you will not see it again. Only its first characters ({prefix}…) are kept.
        </Trans>
      </p>
      <Button size="sm" onClick={done}>
        <Trans>Done</Trans>
      </Button>
    </section>
  );
}

function ApiKeyList() {
  const { t } = useLingui();
  return (
    <QueryView
      query={useApiKeys({ enabled: true })}
      loading={t`Loading API keys`}
      failed={t`Failed to fetch API keys`}
      empty={t`No API keys yet.`}
    >
      {(keys) => (
        <DataTable columns={[t`Name`, t`Role`, t`Key`, t`Created`, t`Last used`]} actions>
          {keys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} />
          ))}
        </DataTable>
      )}
    </QueryView>
  );
}

function ApiKeyRow({ apiKey: k }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const { t, i18n } = useLingui();
  const day = (iso: string) => i18n.date(iso, { dateStyle: 'medium' });
  const name = k.name;
  return (
    <tr data-testid="api-key-row">
      <td className="py-3 pe-4 font-medium" dir="auto">
        {k.name}
      </td>
      <td className="py-3 pe-4">
        <Badge variant="outline">{roleName(i18n, k.role)}</Badge>
      </td>
      <td className="py-3 pe-4 font-mono" dir="ltr">
        {k.prefix}…
      </td>
      <td className="py-3 pe-4">{day(k.createdAt)}</td>
      <td className="py-3 pe-4">{k.lastUsedAt ? day(k.lastUsedAt) : t`Never`}</td>
      <td className="py-3 text-end">
        <ConfirmButton
          size="sm"
          variant="outline"
          aria-label={t`Revoke the API key ${name}`}
          title={t`Revoke the API key “${name}”?`}
          description={t`Anything using this key stops working at once. This cannot be undone.`}
          confirmLabel={t`Revoke`}
          onConfirm={() =>
            revoke.mutateAsync(k.id).then(
              () => toast({ title: t`API key revoked`, description: k.name }),
              (err) => {
                toastError(t`API key not revoked`, err, t`Something went wrong`);
                throw err;
              },
            )
          }
        >
          <Trans>Revoke</Trans>
        </ConfirmButton>
      </td>
    </tr>
  );
}
