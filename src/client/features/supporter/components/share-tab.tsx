import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import type { SupporterAsset } from '#shared/schemas/shares.ts';
import type { ShareCampaign } from '#client/features/shares/index.ts';
import { ShareCard } from './share-card.tsx';

/** Share tab: every asset of the campaign as a card. */
export function ShareTab({
  campaign,
  assets,
  onShare,
}: {
  campaign: ShareCampaign;
  assets: SupporterAsset[];
  onShare: (asset: SupporterAsset) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold">
        <Trans>Ready to share</Trans>
      </h2>
      {assets.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>This campaign has no assets to share yet.</Trans>
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {assets.map((a, i) => (
            <ShareCard key={a.id} asset={a} campaign={campaign} priority={i === 0} onShare={onShare} />
          ))}
        </div>
      )}
    </section>
  );
}
