import { MoreHorizontalIcon } from 'lucide-react';
import { PLATFORMS, type PlatformId, platformsForAssetType } from '#shared/platforms.ts';
import type { Asset } from '#shared/schemas/assets.ts';
import {
  assetShareText,
  type CampaignWords,
  isIntentPlatform,
  shareIntentUrl,
  supporterUrl,
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

/** Platforms with a web share URL open it; app-only ones (Instagram, TikTok, YouTube) open the supporter page. */
function hrefFor(asset: Asset, campaign: CampaignWords, platform: PlatformId): string {
  const url = supporterUrl(window.location.origin, asset.campaignId);
  const text = assetShareText(asset, campaign);
  return isIntentPlatform(platform) ? shareIntentUrl(platform, { text, url }) : url;
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
              href={hrefFor(asset, campaign, p)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${PLATFORMS[p].verb} on ${PLATFORMS[p].name}`}
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
                  <a href={hrefFor(asset, campaign, p)} target="_blank" rel="noopener noreferrer">
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
