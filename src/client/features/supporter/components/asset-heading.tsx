import type { SupporterAsset } from '#shared/schemas/shares.ts';
import { assetHeadline, assetShareText, type CampaignWords } from '#shared/share-links.ts';
import { truncate } from '#shared/text.ts';
import { cn } from '#client/lib/utils.ts';

/**
 * An asset's heading on the supporter page: its public words on one line (never its
 * title, which is internal), then its description when the heading does not already
 * say it. A text asset shows its words as its media, so its heading is for screen readers.
 */
export function AssetHeading({
  asset,
  campaign,
  id,
  level: Heading = 'h3',
  className,
  descriptionLimit,
}: {
  asset: SupporterAsset;
  campaign: CampaignWords;
  id?: string;
  level?: 'h2' | 'h3';
  className?: string;
  descriptionLimit?: number;
}) {
  const description = asset.description?.trim();
  const showDescription = description && assetShareText(asset, campaign) !== description;
  return (
    <>
      <Heading id={id} dir="auto" className={cn(className, asset.type === 'text' && 'sr-only')}>
        {assetHeadline(asset, campaign)}
      </Heading>
      {showDescription && (
        <p className="text-sm text-muted-foreground" dir="auto">
          {descriptionLimit ? truncate(description, descriptionLimit) : description}
        </p>
      )}
    </>
  );
}
