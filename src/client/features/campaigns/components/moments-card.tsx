import { Plural, useLingui } from '@lingui/react/macro';
import { Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import type { Asset } from '#shared/schemas/assets.ts';
import { type MomentPlatform, MOMENT_PLATFORMS } from '#shared/schemas/moments.ts';
import type { PlatformId } from '#shared/platforms.ts';
import { platformLabel } from '#client/lib/platform-name.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { InputField, SelectField } from '#client/components/ui/form-field.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { useAddMoment, useCampaignMoments, useDeleteMoment } from '../api/moments.ts';

/**
 * 'Shared moments' (docs/api.md "Momentum"): times for supporters to post together.
 * Every member sees each moment with how many supporters committed to it; editors add
 * one (a time ahead, a platform or any, an asset or the supporter's pick) and delete one.
 */
export function MomentsCard({
  campaignId,
  assets,
  editable,
}: {
  campaignId: number;
  assets: Pick<Asset, 'id' | 'title'>[];
  editable: boolean;
}) {
  const { t, i18n } = useLingui();
  const moments = useCampaignMoments(campaignId);
  const remove = useDeleteMoment(campaignId);
  const titleOf = (assetId: number | null) =>
    assetId === null
      ? t`The supporter's pick`
      : (assets.find((a) => a.id === assetId)?.title ?? t`Removed asset`);
  const platformText = (platform: string) =>
    platform === 'any' ? t`Any platform` : platformLabel(i18n, platform as PlatformId);

  return (
    <SectionCard
      title={t`Shared moments`}
      description={t`A time for supporters to post together. The supporter page shows the next ones; each supporter who commits gets a reminder at that time.`}
    >
      <div className="space-y-4">
        {editable && <AddMomentForm campaignId={campaignId} assets={assets} platformText={platformText} />}
        <QueryView
          query={moments}
          loading={t`Loading shared moments`}
          failed={t`Failed to fetch shared moments`}
          empty={t`No shared moments yet.`}
        >
          {(list) => (
            <ul className="divide-y divide-border" aria-label={t`Shared moments`}>
              {list.map((m) => {
                const when = i18n.date(m.at, { dateStyle: 'medium', timeStyle: 'short' });
                const committed = m.commitments;
                return (
                  <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <div className="min-w-0">
                      <p className="font-medium">{when}</p>
                      <p className="text-sm text-muted-foreground" dir="auto">
                        {platformText(m.platform)} · {titleOf(m.assetId)}
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      <span className="text-sm">
                        <Plural
                          value={committed}
                          one="# supporter committed"
                          other="# supporters committed"
                        />
                      </span>
                      {editable && (
                        <ConfirmDialog
                          trigger={
                            <Button size="sm" variant="ghost" aria-label={t`Delete the moment of ${when}`}>
                              <Trash2Icon aria-hidden />
                            </Button>
                          }
                          title={t`Delete this moment?`}
                          description={t`Supporters no longer see it. Those who committed keep their scheduled share and its reminder.`}
                          confirmLabel={t`Delete`}
                          pendingLabel={t`Deleting...`}
                          onConfirm={() =>
                            remove.mutateAsync(m.id).catch((err) => {
                              toastError(t`Moment not deleted`, err, t`Please try again.`);
                              throw err;
                            })
                          }
                        />
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryView>
      </div>
    </SectionCard>
  );
}

function AddMomentForm({
  campaignId,
  assets,
  platformText,
}: {
  campaignId: number;
  assets: Pick<Asset, 'id' | 'title'>[];
  platformText: (platform: string) => string;
}) {
  const { t } = useLingui();
  const uid = useId();
  const add = useAddMoment(campaignId);
  const [at, setAt] = useState('');
  const [platform, setPlatform] = useState<MomentPlatform>('any');
  const [assetId, setAssetId] = useState('');
  const [error, setError] = useState<string>();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // The field's value is local time; the server keeps UTC.
    const when = at ? new Date(at) : undefined;
    if (!when || Number.isNaN(when.getTime())) return setError(t`Pick a date and time`);
    if (when.getTime() <= Date.now()) return setError(t`Pick a time in the future.`);
    setError(undefined);
    add.mutate(
      { at: when.toISOString(), platform, ...(assetId && { assetId: Number(assetId) }) },
      {
        onSuccess: () => {
          setAt('');
          toast({ title: t`Moment added`, description: t`Supporters see it on the campaign's page.` });
        },
        onError: (err) => toastError(t`Moment not added`, err, t`Please try again.`),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 sm:grid-cols-4 sm:items-end"
      aria-label={t`Add a moment`}
    >
      <InputField
        id={`${uid}-at`}
        label={t`Date and time`}
        type="datetime-local"
        value={at}
        error={error}
        onChange={(e) => setAt(e.target.value)}
      />
      <SelectField
        id={`${uid}-platform`}
        label={t`Platform`}
        value={platform}
        onChange={(e) => setPlatform(e.target.value as MomentPlatform)}
      >
        {MOMENT_PLATFORMS.map((p) => (
          <option key={p} value={p}>
            {platformText(p)}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${uid}-asset`}
        label={t`Asset`}
        value={assetId}
        onChange={(e) => setAssetId(e.target.value)}
      >
        <option value="">{t`The supporter's pick`}</option>
        {assets.map((a) => (
          <option key={a.id} value={a.id}>
            {a.title}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? t`Adding...` : t`Add moment`}
      </Button>
    </form>
  );
}
