import { Trans, useLingui } from '@lingui/react/macro';
import { EyeIcon, HeartIcon } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { MOBILE_PREVIEW_TRUNCATE } from '#shared/constants.ts';
import type { PlatformId } from '#shared/platforms.ts';
import type { SupporterAsset, VisitorScheduledShare } from '#shared/schemas/shares.ts';
import { assetHeadline } from '#shared/share-links.ts';
import { AssetHeading } from './asset-heading.tsx';
import { ImpactTab } from './impact-tab.tsx';
import { ScheduleShareButton } from './schedule-share-button.tsx';
import { ScheduleTab } from './schedule-tab.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import {
  MessageGuard,
  PersonalMessage,
  preloadShareDialog,
  SaveAndCopyButtons,
  ShareButtons,
  TOASTS,
  shareTo,
} from '#client/features/shares/index.ts';
import type { SupporterCampaign } from '#shared/schemas/shares.ts';
import { AssetMedia } from '#client/components/asset-media.tsx';

const QUICK_SHARE: PlatformId[] = ['twitter', 'facebook', 'instagram_story', 'whatsapp'];
const PERSONAL_SHARE: PlatformId[] = ['twitter', 'facebook', 'linkedin', 'whatsapp'];

/**
 * The phone layout: one column, one-tap Quick Share per asset, its previews and every
 * platform a tap away, the personal touch, the supporter's scheduled shares and impact,
 * and a thank-you. Nothing the desktop view offers is missing.
 */
export function MobileView({
  data,
  onShare,
  onSchedule,
}: {
  data: SupporterCampaign;
  /** Opens the share dialog: the per-platform previews and every platform. */
  onShare: (asset: SupporterAsset) => void;
  /** Schedules the chosen asset, with the personal message when one is written. */
  onSchedule: (asset: SupporterAsset | null, message?: string, previous?: VisitorScheduledShare) => void;
}) {
  const { t } = useLingui();
  const { campaign, assets } = data;
  const campaignName = campaign.name;
  const pickId = useId();
  const [selectedId, setSelectedId] = useState<number | undefined>(assets[0]?.id);
  const [message, setMessage] = useState('');
  // The message check's answer (MessageGuard, loaded once a message is written).
  const [blockedAnswer, setBlocked] = useState(false);
  const blocked = blockedAnswer && message.trim() !== '';
  const selected = assets.find((a) => a.id === selectedId) ?? assets[0];
  const disclosure = campaign.disclosure?.trim();

  const shareWithMessage = (platform: PlatformId) => {
    if (!selected || blocked) return;
    if (!message.trim()) {
      toast({ ...TOASTS.messageRequired, variant: 'destructive' });
      return;
    }
    void shareTo({ platform, asset: selected, campaign, personalMessage: message });
  };

  return (
    <div className="mx-auto max-w-md space-y-6">
      {assets.length === 0 && (
        <p className="text-muted-foreground">
          <Trans>This campaign has no assets to share yet.</Trans>
        </p>
      )}
      {assets.map((asset, i) => {
        const headline = assetHeadline(asset, campaign);
        return (
          <article
            key={asset.id}
            aria-labelledby={`m-asset-${asset.id}`}
            className="overflow-hidden rounded-lg border border-border bg-white shadow-sm"
          >
            <AssetMedia
              asset={asset}
              label={asset.description || headline}
              priority={i === 0}
              textLimit={MOBILE_PREVIEW_TRUNCATE}
              className="rounded-none"
            />
            <div className="space-y-3 p-4">
              <AssetHeading
                asset={asset}
                campaign={campaign}
                id={`m-asset-${asset.id}`}
                level="h2"
                className="text-lg font-semibold"
                descriptionLimit={MOBILE_PREVIEW_TRUNCATE}
              />
              <section aria-label={t`Quick Share ${headline}`} className="space-y-2">
                <h3 className="text-sm font-semibold">
                  <Trans>Quick Share</Trans>
                </h3>
                <ShareButtons
                  platforms={QUICK_SHARE}
                  onShare={(platform) => void shareTo({ platform, asset, campaign })}
                  className="grid-cols-2 sm:grid-cols-2"
                />
                <SaveAndCopyButtons asset={asset} campaign={campaign} />
                <Button
                  variant="outline"
                  className="w-full"
                  onClick={() => onShare(asset)}
                  onPointerEnter={preloadShareDialog}
                  onFocus={preloadShareDialog}
                >
                  <EyeIcon aria-hidden="true" />
                  <Trans>Previews and more platforms</Trans>
                </Button>
              </section>
            </div>
          </article>
        );
      })}

      {selected && (
        <section aria-labelledby="touch-h" className="space-y-3 rounded-lg border border-border bg-white p-4">
          <h2 id="touch-h" className="text-lg font-semibold">
            <Trans>Add Your Personal Touch</Trans>
          </h2>
          {assets.length > 1 && (
            <div className="space-y-1.5">
              <Label htmlFor={pickId}>
                <Trans>Asset to share</Trans>
              </Label>
              <select
                id={pickId}
                value={selected.id}
                onChange={(e) => setSelectedId(Number(e.target.value))}
                className="h-10 w-full rounded-md border border-border bg-white px-3 text-base"
              >
                {assets.map((a) => (
                  <option key={a.id} value={a.id}>
                    {assetHeadline(a, campaign)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <PersonalMessage value={message} onChange={setMessage} campaignName={campaign.name} />
          {disclosure && (
            <p className="text-xs text-muted-foreground" data-testid="disclosure-note">
              <Trans>
                Added at the end of every post: <bdi className="font-medium">{disclosure}</bdi>
              </Trans>
            </p>
          )}
          {message.trim() && (
            <Suspense fallback={null}>
              <MessageGuard assetId={selected.id} message={message} onBlocked={setBlocked} />
            </Suspense>
          )}
          <ShareButtons
            platforms={PERSONAL_SHARE}
            onShare={shareWithMessage}
            className="grid-cols-2 sm:grid-cols-2"
            disabled={blocked}
          />
          <ScheduleShareButton
            assets={[selected]}
            onSchedule={(asset) => !blocked && onSchedule(asset, message.trim() || undefined)}
            className="w-full"
          />
        </section>
      )}

      <div className="rounded-lg border border-border bg-white p-4">
        <ScheduleTab
          campaign={campaign}
          assets={assets}
          onSchedule={(asset, previous) => onSchedule(asset, undefined, previous)}
          headerButton={false}
        />
      </div>
      <div className="rounded-lg border border-border bg-white p-4">
        <ImpactTab campaignId={campaign.id} />
      </div>

      <footer className="rounded-lg bg-indigo-50 p-4 text-center text-slate-900">
        <HeartIcon aria-hidden="true" className="mx-auto mb-1 size-5 text-indigo-700" />
        <p className="font-semibold">
          <Trans>Thank you for supporting {campaignName}!</Trans>
        </p>
        <p className="text-sm text-slate-700">
          <Trans>Every share helps the cause reach someone new.</Trans>
        </p>
      </footer>
    </div>
  );
}
