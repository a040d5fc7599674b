import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SupporterAsset } from '#shared/schemas/shares.ts';
import type { LinkPreview } from '#shared/share-links.ts';
import { PlatformPreview, PREVIEW_PLATFORMS } from './platform-previews.tsx';

i18n.loadAndActivate({ locale: 'en', messages: {} });

const ARABIC = 'انضموا إلينا يوم السبت #المناخ 2026';
const URL_ = 'https://rally.example/c/7?ref=abc';
const asset: SupporterAsset = {
  id: 1,
  type: 'image',
  content: 'https://rally.example/u/a.png',
  description: null,
  altText: null,
  shareText: ARABIC,
  createdAt: '2026-11-28T10:00:00.000Z',
  organizationId: 1,
  campaignId: 1,
  position: 0,
  textEditable: false,
};
const card: LinkPreview = {
  title: 'حملة المناخ',
  description: 'نص الوصف',
  image: 'https://rally.example/u/a.png',
  imageAlt: '',
  url: URL_,
} as LinkPreview;

const render = (platform: (typeof PREVIEW_PLATFORMS)[number]) =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <PlatformPreview platform={platform} asset={asset} text={ARABIC} url={URL_} card={card} />
    </I18nProvider>,
  );

// Bidi controls: LRM, RLM, ALM, the embeddings and overrides, and the isolates.
const BIDI_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;

describe('platform previews of a right-to-left share text', () => {
  it.each(PREVIEW_PLATFORMS.filter((p) => p !== 'instagram_story'))(
    '%s: the text takes its own direction, the link stays isolated, and no mark is added',
    (platform) => {
      const html = render(platform);
      const text = platform === 'reddit' ? ARABIC.slice(0, 20) : ARABIC;
      // The share text (whole, or Reddit's title made of it) sits in a dir="auto" block.
      expect(html).toMatch(new RegExp(`dir="auto"[^>]*>[^<]*${text.slice(0, 10)}`));
      if (platform !== 'reddit' && platform !== 'facebook' && platform !== 'linkedin')
        expect(html).toContain(`<bdi class="text-sky-`);
      expect(html).not.toMatch(BIDI_MARKS);
    },
  );
});
