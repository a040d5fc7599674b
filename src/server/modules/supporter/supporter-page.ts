import type { SupporterCampaign } from '#shared/schemas/shares.ts';
import type { PageMeta } from '../../html/app-shell.ts';
import { absoluteUrl } from '../../lib/public-origin.ts';

// Head tags of the public supporter page, so a shared link unfurls with the
// campaign's title, description and image on every platform (API.md "Supporter
// page HTML"). AppShell escapes every value.

const SITE_NAME = 'Rally';
export const NOT_FOUND_TITLE = 'Campaign Not Found';

const fallbackDescription = (name: string) => `Support ${name}: share it with your friends and followers.`;

/** Collapses whitespace and cuts long descriptions the way unfurlers would anyway. */
function summary(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3).trimEnd()}...` : flat;
}

export function supporterPageMeta(view: SupporterCampaign | null, origin: string): PageMeta {
  if (!view) {
    return { title: `${NOT_FOUND_TITLE} | ${SITE_NAME}`, meta: { robots: 'noindex' } };
  }
  const { campaign, assets } = view;
  const description = summary(campaign.description || fallbackDescription(campaign.name));
  const url = `${origin}/supporter/${campaign.id}`;
  const imageAsset = assets.find((a) => a.type === 'image' && absoluteUrl(a.content, origin));
  const image = imageAsset ? absoluteUrl(imageAsset.content, origin) : undefined;

  const meta: Record<string, string> = {
    description,
    'og:type': 'website',
    'og:site_name': SITE_NAME,
    'og:title': campaign.name,
    'og:description': description,
    'og:url': url,
  };
  if (image && imageAsset) {
    meta['og:image'] = image;
    meta['og:image:alt'] = imageAsset.title;
  }
  meta['twitter:card'] = image ? 'summary_large_image' : 'summary';
  meta['twitter:title'] = campaign.name;
  meta['twitter:description'] = description;
  if (image && imageAsset) {
    meta['twitter:image'] = image;
    meta['twitter:image:alt'] = imageAsset.title;
  }
  return { title: campaign.name, meta };
}
