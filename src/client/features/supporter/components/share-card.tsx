import { CopyIcon, Share2Icon } from 'lucide-react';
import type { Asset } from '#shared/schemas/assets.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { preloadShareDialog, copyAssetText } from '#client/features/shares/index.ts';
import { AssetMedia } from '#client/components/asset-media.tsx';

/** Supporter's share card (desktop Share tab): the asset, 'Share Now' (opens the share dialog) and copy. */
export function ShareCard({
  asset,
  priority,
  onShare,
}: {
  asset: Asset;
  priority?: boolean;
  onShare: (asset: Asset) => void;
}) {
  const headingId = `asset-${asset.id}-title`;
  return (
    <Card className="flex flex-col overflow-hidden" aria-labelledby={headingId} role="article">
      <AssetMedia asset={asset} priority={priority} className="rounded-none" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={headingId} className="text-lg font-semibold">
          {asset.title}
        </h3>
        {asset.description && <p className="text-sm text-muted-foreground">{asset.description}</p>}
        <div className="mt-auto flex items-center gap-2 pt-2">
          <Button
            className="flex-1"
            onClick={() => onShare(asset)}
            onPointerEnter={preloadShareDialog}
            onFocus={preloadShareDialog}
          >
            <Share2Icon aria-hidden="true" />
            Share Now
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={`Copy text of ${asset.title}`}
            title="Copy text"
            onClick={() => void copyAssetText(asset)}
          >
            <CopyIcon aria-hidden="true" />
          </Button>
        </div>
      </div>
    </Card>
  );
}
