import { Trans, useLingui } from '@lingui/react/macro';
import { CopyIcon, Share2Icon } from 'lucide-react';
import type { SupporterAsset } from '#shared/schemas/shares.ts';
import { assetHeadline } from '#shared/share-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { preloadShareDialog, copyAssetText, type ShareCampaign } from '#client/features/shares/index.ts';
import { AssetMedia } from '#client/components/asset-media.tsx';
import { AssetHeading } from './asset-heading.tsx';

/** Supporter's share card (desktop Share tab): the asset, 'Share Now' (opens the share dialog) and copy. */
export function ShareCard({
  asset,
  campaign,
  priority,
  onShare,
}: {
  asset: SupporterAsset;
  campaign: ShareCampaign;
  priority?: boolean;
  onShare: (asset: SupporterAsset) => void;
}) {
  const { t } = useLingui();
  const headingId = `asset-${asset.id}-title`;
  const headline = assetHeadline(asset, campaign);
  return (
    <Card className="flex flex-col overflow-hidden" aria-labelledby={headingId} role="article">
      <AssetMedia
        asset={asset}
        label={asset.description || headline}
        priority={priority}
        className="rounded-none"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <AssetHeading asset={asset} campaign={campaign} id={headingId} className="text-lg font-semibold" />
        <div className="mt-auto flex items-center gap-2 pt-2">
          <Button
            className="flex-1"
            onClick={() => onShare(asset)}
            onPointerEnter={preloadShareDialog}
            onFocus={preloadShareDialog}
          >
            <Share2Icon aria-hidden="true" />
            <Trans>Share Now</Trans>
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={t`Copy text of ${headline}`}
            title={t`Copy text`}
            onClick={() => void copyAssetText(asset, campaign)}
          >
            <CopyIcon aria-hidden="true" />
          </Button>
        </div>
      </div>
    </Card>
  );
}
