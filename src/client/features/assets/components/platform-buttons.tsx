import { platformLabel } from '#client/lib/platform-name.ts';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { MoreHorizontalIcon } from 'lucide-react';
import { PLATFORMS, type PlatformId, platformsForAssetType } from '#shared/platforms.ts';
import type { Asset } from '#shared/schemas/assets.ts';
import { assetPageUrl, isIntentPlatform, shareIntentUrl } from '#shared/share-links.ts';
import { composeShareText, type ShareTextCampaign } from '#shared/share-text.ts';
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
  i18n: I18n,
  asset: Asset,
  campaign: ShareTextCampaign,
  platform: PlatformId,
): { href: string; label: string } {
  const url = assetPageUrl(window.location.origin, asset.campaignId, asset.id);
  const { verb, name } = PLATFORMS[platform];
  return isIntentPlatform(platform)
    ? {
        href: shareIntentUrl(platform, { text: composeShareText(asset, campaign), url }),
        label: onPlatform(i18n, verb, name),
      }
    : { href: url, label: i18n._(msg`Open the supporter page to post on ${name}`) };
}

/**
 * "Post on X", "Share on Facebook"...: the verb of a platform with a share URL (PLATFORMS;
 * the hand-posted ones' verbs never reach here) in the reader's language.
 */
function onPlatform(i18n: I18n, verb: string, name: string): string {
  switch (verb) {
    case 'Post':
      return i18n._(msg`Post on ${name}`);
    case 'Share':
      return i18n._(msg`Share on ${name}`);
    case 'Send':
      return i18n._(msg`Send on ${name}`);
    default:
      return `${verb} on ${name}`;
  }
}

/**
 * One button per platform offered for the asset's type. On mobile: two buttons and
 * an overflow menu once more than three non-story platforms are offered.
 */
export function PlatformButtons({ asset, campaign }: { asset: Asset; campaign: ShareTextCampaign }) {
  const { t, i18n } = useLingui();
  const isMobile = useIsMobile();
  const assetTitle = asset.title;
  const platforms = platformsForAssetType(asset.type);
  const nonStory = platforms.filter((p) => p !== 'instagram_story');
  const collapse = isMobile && nonStory.length > MOBILE_OVERFLOW_THRESHOLD;
  const visible = collapse ? nonStory.slice(0, MOBILE_VISIBLE) : platforms;
  const overflow = collapse ? platforms.filter((p) => !visible.includes(p)) : [];

  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t`Share "${assetTitle}"`}>
      {visible.map((p) => (
        <li key={p}>
          <Button asChild size="sm" variant="outline" className="h-8 px-2 text-xs">
            <a
              href={target(i18n, asset, campaign, p).href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={target(i18n, asset, campaign, p).label}
              title={target(i18n, asset, campaign, p).label}
            >
              <span aria-hidden className="size-2 rounded-full" style={{ background: PLATFORMS[p].color }} />
              {platformLabel(i18n, p)}
            </a>
          </Button>
        </li>
      ))}
      {overflow.length > 0 && (
        <li>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button size="sm" variant="outline" className="h-8 px-2" aria-label={t`More platforms`}>
                <MoreHorizontalIcon aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {overflow.map((p) => (
                <DropdownMenuItem key={p} asChild>
                  <a
                    href={target(i18n, asset, campaign, p).href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={target(i18n, asset, campaign, p).label}
                  >
                    {platformLabel(i18n, p)}
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
