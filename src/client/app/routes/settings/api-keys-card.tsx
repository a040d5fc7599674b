import { format, parseISO } from 'date-fns';
import { CheckIcon, CopyIcon, KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { API_KEY_REQUESTS_PER_MINUTE, DATE_FORMAT } from '#shared/constants.ts';
import {
  API_KEY_ROLES,
  type ApiKey,
  type ApiKeyRole,
  type CreatedApiKey,
  createApiKeySchema,
} from '#shared/schemas/api-keys.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ConfirmButton } from '#client/components/ui/confirm-dialog.tsx';
import { InputField, SelectField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import { useCopied } from '#client/lib/use-copied.ts';
import { roleLabel } from '#client/features/auth/index.ts';
import {
  RoleLocked,
  useApiKeys,
  useCreateApiKey,
  useRevokeApiKey,
  useRole,
} from '#client/features/organization/index.ts';

const day = (iso: string) => format(parseISO(iso), DATE_FORMAT);

/**
 * 'API Access': admins make keys (name and role), see each new key once to copy,
 * and revoke keys; other members see what keys are for and a locked create button.
 */
export function ApiKeysCard() {
  const { can } = useRole();
  const isAdmin = can('admin');
  return (
    <Card>
      <CardHeader>
        <CardTitle>API Access</CardTitle>
        <CardDescription>
          API keys connect Rally to your other tools. A key acts with its role (Viewer or Editor) on
          campaigns, assets, templates, stats and exports, never on the team, invitations or settings. Send it
          as <code className="font-mono">Authorization: Bearer rk_…</code>; each key may make{' '}
          {API_KEY_REQUESTS_PER_MINUTE} requests a minute.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <RoleLocked needs="admin" label="Create API Key">
          <CreateApiKey />
        </RoleLocked>
        {isAdmin ? (
          <ApiKeyList />
        ) : (
          <p className="text-sm text-muted-foreground">Only admins can see and manage API keys.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** The create form, replaced by the new key (shown this once) until Done. */
function CreateApiKey() {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [role, setRole] = useState<ApiKeyRole>('viewer');
  const [nameError, setNameError] = useState<string>();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  if (created) return <NewApiKey created={created} done={() => setCreated(null)} />;

  const serverNameError =
    create.error instanceof ApiError &&
    (create.error.body as { errors?: { path: string; message: string }[] } | undefined)?.errors?.find(
      (e) => e.path === 'name',
    )?.message;
  const otherError =
    create.error && !serverNameError ? errorMessage(create.error, 'Something went wrong') : undefined;

  return (
    <form
      noValidate
      aria-label="Create an API key"
      className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = createApiKeySchema.safeParse({ name, role });
        if (!parsed.success) {
          setNameError(parsed.error.issues.find((i) => i.path[0] === 'name')?.message);
          return;
        }
        setNameError(undefined);
        create.mutate(parsed.data, {
          onSuccess: (key) => {
            setCreated(key);
            setName('');
          },
        });
      }}
    >
      <InputField
        id="api-key-name"
        label="Key name"
        placeholder="e.g. Newsletter sync"
        autoComplete="off"
        maxLength={100}
        value={name}
        error={nameError ?? (serverNameError || undefined)}
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField
        id="api-key-role"
        label="Key role"
        value={role}
        onChange={(e) => setRole(e.target.value as ApiKeyRole)}
      >
        {API_KEY_ROLES.map((r) => (
          <option key={r} value={r}>
            {roleLabel(r)}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={create.isPending}>
        <KeyRoundIcon aria-hidden />
        {create.isPending ? 'Creating...' : 'Create API Key'}
      </Button>
      {otherError && (
        <p role="alert" className="text-sm font-medium text-destructive sm:col-span-3">
          {otherError}
        </p>
      )}
    </form>
  );
}

function NewApiKey({ created, done }: { created: CreatedApiKey; done: () => void }) {
  const { copied, copy } = useCopied({ title: 'API key copied!' });
  return (
    <section aria-label="New API key" className="space-y-2 rounded-md border border-border bg-muted/40 p-4">
      <label htmlFor="new-api-key" className="text-sm font-medium">
        New key “{created.name}” ({roleLabel(created.role)})
      </label>
      <div className="flex gap-2">
        <Input
          id="new-api-key"
          value={created.key}
          readOnly
          className="font-mono"
          onFocus={(e) => e.target.select()}
        />
        <Button variant="outline" onClick={() => void copy(created.key)}>
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />} {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
      <p role="status" className="text-sm font-medium">
        Copy this key now: you will not see it again. Only its first characters ({created.prefix}…) are kept.
      </p>
      <Button size="sm" onClick={done}>
        Done
      </Button>
    </section>
  );
}

function ApiKeyList() {
  const keys = useApiKeys({ enabled: true });
  if (keys.isPending) return <Spinner label="Loading API keys" />;
  if (keys.isError)
    return (
      <LoadError
        title="Failed to fetch API keys"
        error={keys.error}
        onRetry={() => void keys.refetch()}
        retrying={keys.isFetching}
      />
    );
  if (keys.data.length === 0) return <p className="text-sm text-muted-foreground">No API keys yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Name
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Role
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Key
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Created
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Last used
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {keys.data.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ApiKeyRow({ apiKey: k }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  return (
    <tr data-testid="api-key-row">
      <td className="py-3 pr-4 font-medium" dir="auto">
        {k.name}
      </td>
      <td className="py-3 pr-4">
        <Badge variant="outline">{roleLabel(k.role)}</Badge>
      </td>
      <td className="py-3 pr-4 font-mono">{k.prefix}…</td>
      <td className="py-3 pr-4">{day(k.createdAt)}</td>
      <td className="py-3 pr-4">{k.lastUsedAt ? day(k.lastUsedAt) : 'Never'}</td>
      <td className="py-3 text-right">
        <ConfirmButton
          size="sm"
          variant="outline"
          aria-label={`Revoke the API key ${k.name}`}
          title={`Revoke the API key “${k.name}”?`}
          description="Anything using this key stops working at once. This cannot be undone."
          confirmLabel="Revoke"
          onConfirm={() =>
            revoke.mutateAsync(k.id).then(
              () => toast({ title: 'API key revoked', description: k.name }),
              (err) => {
                toastError('API key not revoked', err, 'Something went wrong');
                throw err;
              },
            )
          }
        >
          Revoke
        </ConfirmButton>
      </td>
    </tr>
  );
}
