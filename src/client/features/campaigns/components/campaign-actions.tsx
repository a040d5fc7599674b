import { ArchiveIcon, CopyPlusIcon, FlagIcon, PauseIcon, PlayIcon, RocketIcon } from 'lucide-react';
import { useId } from 'react';
import { effectiveStatus } from '#shared/campaign-lifecycle.ts';
import type { CampaignStatus } from '#shared/campaign-lifecycle.ts';
import { PUBLISH_NEEDS_ASSET, PUBLISH_NEEDS_SHARE_WORDS } from '#shared/errors.ts';
import type { CampaignWithAssets } from '#shared/schemas/campaigns.ts';
import { needsShareWords } from '#shared/share-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
import { useArchiveCampaign } from '../api/archive-campaign.ts';
import { useDuplicateCampaign } from '../api/duplicate-campaign.ts';
import { useUpdateCampaign } from '../api/update-campaign.ts';
import { EditCampaignDialog } from './edit-campaign-dialog.tsx';
import { QrCodeDialog } from './qr-code-dialog.tsx';

const STATUS_CHANGES: Partial<Record<CampaignStatus, { verb: string; title: string; description: string }>> =
  {
    active: { verb: 'publish', title: 'Campaign published', description: 'Supporters can share it now.' },
    paused: {
      verb: 'pause',
      title: 'Campaign paused',
      description: 'Sharing is paused until you resume it.',
    },
    ended: {
      verb: 'end',
      title: 'Campaign ended',
      description: 'Its page thanks supporters; sharing is closed.',
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
  const noteId = useId();
  const update = useUpdateCampaign(campaign.id);
  const archive = useArchiveCampaign(campaign.id);
  const duplicate = useDuplicateCampaign(campaign.id);
  const shown = effectiveStatus(campaign);
  // An archived campaign's page is offline: a new code would lead nowhere.
  const qrCode = shown !== 'archived' && <QrCodeDialog campaign={campaign} />;
  if (!canEdit) {
    return qrCode ? (
      <div className="flex flex-wrap gap-2" role="group" aria-label="Campaign actions">
        {qrCode}
      </div>
    ) : null;
  }

  const busy = update.isPending || archive.isPending || duplicate.isPending;
  const noAssets = campaign.assets.length === 0;
  // Supporters never see an asset's title: each image and video needs words of its own first.
  const wordless = campaign.assets.filter(needsShareWords);
  const unpublishable = noAssets || wordless.length > 0;

  const setStatus = (status: CampaignStatus, resumed = false) => {
    const copy = STATUS_CHANGES[status];
    const verb = resumed ? 'resume' : (copy?.verb ?? 'update');
    update.mutate(
      { status },
      toastOutcome(
        resumed
          ? { title: 'Campaign resumed', description: 'Supporters can share it again.' }
          : { title: copy?.title ?? 'Campaign updated', description: copy?.description },
        `Failed to ${verb} campaign`,
      ),
    );
  };

  const doDuplicate = () =>
    duplicate.mutate(
      undefined,
      toastOutcome(
        (copy: CampaignWithAssets) => ({
          title: 'Campaign duplicated',
          description: `"${copy.name}" is a draft with copies of its assets.`,
        }),
        'Failed to duplicate campaign',
        { onDone: onDuplicated },
      ),
    );

  const doArchive = () =>
    archive.mutateAsync(
      undefined,
      toastOutcome(
        {
          title: 'Campaign archived',
          description: 'Its page is offline; its shares and click-throughs stay in your totals.',
        },
        'Failed to archive campaign',
      ),
    );

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Campaign actions">
        {shown !== 'archived' && <EditCampaignDialog campaign={campaign} />}
        {shown === 'draft' && (
          <Button
            onClick={() => setStatus('active')}
            disabled={busy || unpublishable}
            aria-describedby={unpublishable ? noteId : undefined}
          >
            <RocketIcon aria-hidden /> Publish
          </Button>
        )}
        {shown === 'active' && (
          <Button variant="outline" onClick={() => setStatus('paused')} disabled={busy}>
            <PauseIcon aria-hidden /> Pause
          </Button>
        )}
        {shown === 'paused' && (
          <Button variant="outline" onClick={() => setStatus('active', true)} disabled={busy}>
            <PlayIcon aria-hidden /> Resume
          </Button>
        )}
        {(shown === 'active' || shown === 'paused') && (
          <Button variant="outline" onClick={() => setStatus('ended')} disabled={busy}>
            <FlagIcon aria-hidden /> End
          </Button>
        )}
        <Button variant="outline" onClick={doDuplicate} disabled={busy}>
          <CopyPlusIcon aria-hidden /> {duplicate.isPending ? 'Duplicating...' : 'Duplicate'}
        </Button>
        {qrCode}
        {shown !== 'archived' && (
          <ConfirmDialog
            trigger={
              <Button variant="outline" disabled={busy}>
                <ArchiveIcon aria-hidden /> Archive
              </Button>
            }
            title="Archive this campaign?"
            description={
              <>
                <p>
                  Its page goes offline for supporters and it leaves your campaign list (find it under the
                  Archived filter).
                </p>
                <p>Shares and click-throughs it earned stay in your totals and exports.</p>
                <p>An archived campaign cannot be changed; duplicate it to run it again.</p>
              </>
            }
            confirmLabel="Archive campaign"
            pendingLabel="Archiving..."
            onConfirm={doArchive}
          />
        )}
      </div>
      {shown === 'draft' && noAssets && (
        <p id={noteId} className="text-sm text-muted-foreground">
          {PUBLISH_NEEDS_ASSET}: supporters need something to share.
        </p>
      )}
      {shown === 'draft' && !noAssets && wordless.length > 0 && (
        <p id={noteId} className="text-sm text-muted-foreground">
          {PUBLISH_NEEDS_SHARE_WORDS}: supporters see those words, never the title. Missing for{' '}
          {wordless.map((a) => `"${a.title}"`).join(', ')}.
        </p>
      )}
      {shown === 'archived' && (
        <p className="text-sm text-muted-foreground">
          This campaign is archived: its page is offline and it cannot be changed. Duplicate it to run it
          again.
        </p>
      )}
    </div>
  );
}
