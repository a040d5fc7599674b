import { MoreHorizontalIcon } from 'lucide-react';
import { PLATFORMS, type PlatformId, platformsForAssetType } from '#shared/platforms.ts';
import type { Asset } from '#shared/schemas/assets.ts';
import {
  assetPageUrl,
  assetShareText,
  type CampaignWords,
  isIntentPlatform,
  shareIntentUrl,
} from '#shared/share-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { useIsMobile } from '../hooks/use-is-mobile.ts';

const MOBILE_VISIBLE = 2;
const MOBILE_OVERFLOW_THRESHOLD = 3;

/**
 * Where a platform button goes, and what it says it does. Platforms with a web share URL
 * open it with the asset's link (which previews this asset); hand-posted ones (Instagram,
 * TikTok, YouTube) have none, so they open the asset on the supporter page, and say so.
 * Staff have no tracking code of their own: these posts are not counted as shares.
 */
function target(
  asset: Asset,
  campaign: CampaignWords,
  platform: PlatformId,
): { href: string; label: string } {
  const url = assetPageUrl(window.location.origin, asset.campaignId, asset.id);
  const { verb, name } = PLATFORMS[platform];
  return isIntentPlatform(platform)
    ? {
        href: shareIntentUrl(platform, { text: assetShareText(asset, campaign), url }),
        label: `${verb} on ${name}`,
      }
    : { href: url, label: `Open the supporter page to post on ${name}` };
}

/**
 * One button per platform offered for the asset's type. On mobile: two buttons and
 * an overflow menu once more than three non-story platforms are offered.
 */
export function PlatformButtons({ asset, campaign }: { asset: Asset; campaign: CampaignWords }) {
  const isMobile = useIsMobile();
  const platforms = platformsForAssetType(asset.type);
  const nonStory = platforms.filter((p) => p !== 'instagram_story');
  const collapse = isMobile && nonStory.length > MOBILE_OVERFLOW_THRESHOLD;
  const visible = collapse ? nonStory.slice(0, MOBILE_VISIBLE) : platforms;
  const overflow = collapse ? platforms.filter((p) => !visible.includes(p)) : [];

  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={`Share "${asset.title}"`}>
      {visible.map((p) => (
        <li key={p}>
          <Button asChild size="sm" variant="outline" className="h-8 px-2 text-xs">
            <a
              href={target(asset, campaign, p).href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={target(asset, campaign, p).label}
              title={target(asset, campaign, p).label}
            >
              <span aria-hidden className="size-2 rounded-full" style={{ background: PLATFORMS[p].color }} />
              {PLATFORMS[p].name}
            </a>
          </Button>
        </li>
      ))}
      {overflow.length > 0 && (
        <li>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button size="sm" variant="outline" className="h-8 px-2" aria-label="More platforms">
                <MoreHorizontalIcon aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {overflow.map((p) => (
                <DropdownMenuItem key={p} asChild>
                  <a
                    href={target(asset, campaign, p).href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={target(asset, campaign, p).label}
                  >
                    {PLATFORMS[p].name}
                  </a>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        </li>
      )}
    </ul>
  );
}
