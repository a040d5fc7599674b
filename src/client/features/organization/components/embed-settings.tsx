import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { embedSnippet } from '#shared/embed-card.ts';
import { embedSettingsInputSchema, MAX_EMBED_ORIGINS } from '#shared/schemas/settings.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CopyButton } from '#client/components/ui/copy-button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Select, Textarea } from '#client/components/ui/input.tsx';
import { Options } from '#client/components/ui/options.tsx';
import { toastFirstError, useSchemaForm } from '#client/lib/use-schema-form.ts';
import { RoleLocked } from './role-locked.tsx';
import { WithSettings } from './settings-state.tsx';
import { useSaveSettings } from '../hooks/use-save-settings.ts';

const SNIPPET_COPIED = { title: msg`Snippet copied!`, description: msg`Paste it into your site's HTML` };

/** The campaigns a snippet can be made for; the settings page reads them (campaigns feature). */
export interface EmbedCampaigns {
  list: { id: number; name: string }[];
  loading: boolean;
}

/** The embeddable share card: which sites may show it, and the snippet they paste. */
export function EmbedSettings({ campaigns }: { campaigns: EmbedCampaigns }) {
  return (
    <WithSettings>
      {(settings, canChange) => (
        <>
          <AllowedOriginsForm
            key={settings.embed.allowedOrigins.join('\n')}
            initial={settings.embed.allowedOrigins}
            canChange={canChange}
          />
          <SnippetCard campaigns={campaigns} hasOrigins={settings.embed.allowedOrigins.length > 0} />
        </>
      )}
    </WithSettings>
  );
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The textarea's lines, checked as the payload they become. */
const originsFormSchema = z
  .object({ sites: z.string() })
  .transform(({ sites }) => ({ allowedOrigins: linesOf(sites) }))
  .pipe(embedSettingsInputSchema);

/** The first message of a refusal: on the whole list (too many) or on one of its lines. */
function firstMessage(errors: FieldErrors): string | undefined {
  const list = errors.allowedOrigins;
  if (!list) return undefined;
  if (typeof list.message === 'string') return list.message;
  return Object.values(list as Record<string, { message?: unknown } | undefined>).find(
    (e) => typeof e?.message === 'string',
  )?.message as string | undefined;
}

function AllowedOriginsForm({ initial, canChange }: { initial: string[]; canChange: boolean }) {
  const { save, errors, saving } = useSaveSettings();
  const {
    register,
    watch,
    handleSubmit,
    formState: { errors: schemaErrors },
  } = useSchemaForm(originsFormSchema, { sites: initial.join('\n') });
  const error = firstMessage(schemaErrors) ?? Object.values(errors)[0];
  const dirty = linesOf(watch('sites')).join('\n') !== initial.join('\n');
  const id = 'embed-origins';
  const { t } = useLingui();
  const max = MAX_EMBED_ORIGINS;
  const help = t`One per line, up to ${max}: https://www.example.org (no path). For a test on your own machine, http://localhost:PORT or http://127.0.0.1:PORT.`;
  return (
    <form
      noValidate
      aria-label={t`Embed settings`}
      onSubmit={handleSubmit(
        (embed) => save({ embed }),
        (refused) =>
          toastFirstError(t`Settings not saved`)({
            allowedOrigins: { type: 'custom', message: firstMessage(refused) },
          }),
      )}
    >
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Sites that may show your share card</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              The share card shows a campaign and one-tap share buttons inside your own website. Only the
              sites listed here may show it; with none listed, no site can.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <FormField id={id} label={t`Allowed sites`} error={error} help={help}>
            <Textarea
              {...fieldAria(id, error, help)}
              {...register('sites')}
              readOnly={!canChange}
              rows={4}
              spellCheck={false}
              placeholder="https://www.example.org"
              className="font-mono"
            />
          </FormField>
          <div className="flex items-center gap-3">
            <RoleLocked needs="admin" label={t`Save Sites`}>
              <Button type="submit" disabled={saving}>
                {saving ? t`Saving...` : t`Save Sites`}
              </Button>
            </RoleLocked>
            {canChange && dirty && (
              <p className="text-sm text-muted-foreground">
                <Trans>Unsaved changes</Trans>
              </p>
            )}
          </div>
        </CardContent>
      </Card>
    </form>
  );
}

/** Picks a campaign and shows the iframe to paste, with the one copy confirmation. */
function SnippetCard({ campaigns, hasOrigins }: { campaigns: EmbedCampaigns; hasOrigins: boolean }) {
  const [picked, setPicked] = useState<number | null>(null);
  const { list } = campaigns;
  const campaign = list.find((c) => c.id === picked) ?? list[0];
  const snippet = campaign ? embedSnippet(window.location.origin, campaign) : '';
  const { t, i18n } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Snippet</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Paste this into a page of an allowed site. Draft and archived campaigns do not show.</Trans>
          {!hasOrigins && (
            <>
              {' '}
              <Trans>Add your site above first.</Trans>
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {campaigns.loading ? t`Loading campaigns...` : t`Create a campaign to get its snippet.`}
          </p>
        ) : (
          <>
            <FormField id="embed-campaign" label={t`Campaign`}>
              <Select
                id="embed-campaign"
                value={campaign?.id}
                onChange={(e) => setPicked(Number(e.target.value))}
              >
                <Options items={list} value={(c) => c.id} label={(c) => c.name} />
              </Select>
            </FormField>
            <FormField id="embed-snippet" label={t`Snippet to paste`}>
              <Textarea
                id="embed-snippet"
                value={snippet}
                readOnly
                rows={3}
                spellCheck={false}
                className="font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
            </FormField>
            <CopyButton
              type="button"
              value={snippet}
              label={t`Copy Snippet`}
              notice={{
                title: i18n._(SNIPPET_COPIED.title),
                description: i18n._(SNIPPET_COPIED.description),
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
