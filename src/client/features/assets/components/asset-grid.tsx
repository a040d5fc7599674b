import { Trans } from '@lingui/react/macro';
import { ImageIcon } from 'lucide-react';
import type * as React from 'react';
import type { Asset } from '#shared/schemas/assets.ts';
import type { ShareTextCampaign } from '#shared/share-text.ts';
import { AssetCard } from './asset-card.tsx';

/** Asset cards in a responsive grid, or the 'No assets' empty state. */
export function AssetGrid({
  campaign,
  assets,
  preview = false,
  selectedId,
  renderActions,
}: {
  /** The campaign whose words an asset without its own falls back to. */
  /** Its words and disclosure line: a post from here carries the line too. */
  campaign: ShareTextCampaign;
  assets: Asset[];
  preview?: boolean;
  selectedId?: number | null;
  renderActions?: (asset: Asset) => React.ReactNode;
}) {
  if (assets.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border p-8 text-center">
        <ImageIcon aria-hidden className="size-8 text-muted-foreground" />
        <p className="font-medium">
          <Trans>No assets</Trans>
        </p>
        <p className="text-sm text-muted-foreground">
          <Trans>Add your first asset to start engaging your supporters</Trans>
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {assets.map((asset) => (
        <li key={asset.id}>
          <AssetCard
            asset={asset}
            campaign={campaign}
            preview={preview}
            selected={selectedId === asset.id}
            actions={renderActions?.(asset)}
          />
        </li>
      ))}
    </ul>
  );
}
