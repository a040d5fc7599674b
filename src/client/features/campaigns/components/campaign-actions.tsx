import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArchiveIcon, CopyPlusIcon, FlagIcon, PauseIcon, PlayIcon, RocketIcon } from 'lucide-react';
import { useId } from 'react';
import { effectiveStatus } from '#shared/campaign-lifecycle.ts';
import type { CampaignStatus } from '#shared/campaign-lifecycle.ts';
import type { CampaignWithAssets } from '#shared/schemas/campaigns.ts';
import { needsShareWords } from '#shared/share-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
import { reviewAware } from '#client/lib/review-toast.ts';
import { useArchiveCampaign } from '../api/archive-campaign.ts';
import { useDuplicateCampaign } from '../api/duplicate-campaign.ts';
import { useUpdateCampaign } from '../api/update-campaign.ts';
import { EditCampaignDialog } from './edit-campaign-dialog.tsx';
import { QrCodeDialog } from './qr-code-dialog.tsx';

type StatusChange = { failed: MessageDescriptor; title: MessageDescriptor; description: MessageDescriptor };
const STATUS_CHANGES: Partial<Record<CampaignStatus, StatusChange>> = {
  active: {
    failed: msg`Failed to publish campaign`,
    title: msg`Campaign published`,
    description: msg`Supporters can share it now.`,
  },
  paused: {
    failed: msg`Failed to pause campaign`,
    title: msg`Campaign paused`,
    description: msg`Sharing is paused until you resume it.`,
  },
  ended: {
    failed: msg`Failed to end campaign`,
    title: msg`Campaign ended`,
    description: msg`Its page thanks supporters; sharing is closed.`,
  },
};

/**
 * The campaign page's controls: edit, publish, pause or resume, end, archive (asks
 * first) and duplicate, offered by the status the team sees, and the QR code. `canEdit`
 * false shows only the QR code, which every member may use.
 */
export function CampaignActions({
  campaign,
  canEdit,
  onDuplicated,
}: {
  campaign: CampaignWithAssets;
  canEdit: boolean;
  onDuplicated: (copy: CampaignWithAssets) => void;
}) {
  const { t, i18n } = useLingui();
  const noteId = useId();
  const update = useUpdateCampaign(campaign.id);
  const archive = useArchiveCampaign(campaign.id);
  const duplicate = useDuplicateCampaign(campaign.id);
  const shown = effectiveStatus(campaign);
  // An archived campaign's page is offline: a new code would lead nowhere.
  const qrCode = shown !== 'archived' && <QrCodeDialog campaign={campaign} />;
  if (!canEdit) {
    return qrCode ? (
      <div className="flex flex-wrap gap-2" role="group" aria-label={t`Campaign actions`}>
        {qrCode}
      </div>
    ) : null;
  }

  const busy = update.isPending || archive.isPending || duplicate.isPending;
  const noAssets = campaign.assets.length === 0;
  // Supporters never see an asset's title: each image and video needs words of its own first.
  const wordless = campaign.assets.filter(needsShareWords);
  const unpublishable = noAssets || wordless.length > 0;
  // The assets' own titles, quoted, in a list as the reader's language writes one ("a", "b" in English).
  const missing = new Intl.ListFormat(i18n.locale, { type: 'unit' }).format(
    wordless.map((a) => `"${a.title}"`),
  );

  const setStatus = (status: CampaignStatus, resumed = false) => {
    const copy = STATUS_CHANGES[status];
    update.mutate(
      { status },
      toastOutcome(
        reviewAware(
          resumed
            ? { title: t`Campaign resumed`, description: t`Supporters can share it again.` }
            : {
                title: copy ? i18n._(copy.title) : t`Campaign updated`,
                description: copy && i18n._(copy.description),
              },
        ),
        resumed ? t`Failed to resume campaign` : copy ? i18n._(copy.failed) : t`Failed to update campaign`,
      ),
    );
  };

  const doDuplicate = () =>
    duplicate.mutate(
      undefined,
      toastOutcome(
        ({ name }: CampaignWithAssets) => ({
          title: t`Campaign duplicated`,
          description: t`"${name}" is a draft with copies of its assets.`,
        }),
        t`Failed to duplicate campaign`,
        { onDone: onDuplicated },
      ),
    );

  const doArchive = () =>
    archive.mutateAsync(
      undefined,
      toastOutcome(
        {
          title: t`Campaign archived`,
          description: t`Its page is offline; its shares and click-throughs stay in your totals.`,
        },
        t`Failed to archive campaign`,
      ),
    );

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t`Campaign actions`}>
        {shown !== 'archived' && <EditCampaignDialog campaign={campaign} />}
        {shown === 'draft' && (
          <Button
            onClick={() => setStatus('active')}
            disabled={busy || unpublishable}
            aria-describedby={unpublishable ? noteId : undefined}
          >
            <RocketIcon aria-hidden /> <Trans>Publish</Trans>
          </Button>
        )}
        {shown === 'active' && (
          <Button variant="outline" onClick={() => setStatus('paused')} disabled={busy}>
            <PauseIcon aria-hidden /> <Trans>Pause</Trans>
          </Button>
        )}
        {shown === 'paused' && (
          <Button variant="outline" onClick={() => setStatus('active', true)} disabled={busy}>
            <PlayIcon aria-hidden /> <Trans>Resume</Trans>
          </Button>
        )}
        {(shown === 'active' || shown === 'paused') && (
          <Button variant="outline" onClick={() => setStatus('ended')} disabled={busy}>
            <FlagIcon aria-hidden /> <Trans>End</Trans>
          </Button>
        )}
        <Button variant="outline" onClick={doDuplicate} disabled={busy}>
          <CopyPlusIcon aria-hidden /> {duplicate.isPending ? t`Duplicating...` : t`Duplicate`}
        </Button>
        {qrCode}
        {shown !== 'archived' && (
          <ConfirmDialog
            trigger={
              <Button variant="outline" disabled={busy}>
                <ArchiveIcon aria-hidden /> <Trans>Archive</Trans>
              </Button>
            }
            title={t`Archive this campaign?`}
            description={
              <>
                <p>
                  <Trans>
                    Its page goes offline for supporters and it leaves your campaign list (find it under the
                    Archived filter).
                  </Trans>
                </p>
                <p>
                  <Trans>Shares and click-throughs it earned stay in your totals and exports.</Trans>
                </p>
                <p>
                  <Trans>An archived campaign cannot be changed; duplicate it to run it again.</Trans>
                </p>
              </>
            }
            confirmLabel={t`Archive campaign`}
            pendingLabel={t`Archiving...`}
            onConfirm={doArchive}
          />
        )}
      </div>
      {shown === 'draft' && noAssets && (
        <p id={noteId} className="text-sm text-muted-foreground">
          <Trans>Add an asset before publishing: supporters need something to share.</Trans>
        </p>
      )}
      {shown === 'draft' && !noAssets && wordless.length > 0 && (
        <p id={noteId} className="text-sm text-muted-foreground">
          <Trans>
            Give every image and video a share text or a description before publishing: supporters see those
            words, never the title. Missing for {missing}.
          </Trans>
        </p>
      )}
      {shown === 'archived' && (
        <p className="text-sm text-muted-foreground">
          <Trans>
            This campaign is archived: its page is offline and it cannot be changed. Duplicate it to run it
            again.
          </Trans>
        </p>
      )}
    </div>
  );
}
