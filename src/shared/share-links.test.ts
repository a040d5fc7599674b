import { describe, expect, it } from 'vitest';
import { REF_CODE_LENGTH, REF_CODE_PATTERN } from './constants.ts';
import { influenceScore } from './impact.ts';
import { PLATFORM_IDS } from './platforms.ts';
import { composeShareText } from './share-text.ts';
import {
  ASSET_HEADLINE_MAX,
  absoluteUrl,
  assetHeadline,
  assetShareText,
  campaignLinkPreview,
  isIntentPlatform,
  mastodonHost,
  needsShareWords,
  newRefCode,
  shareIntentUrl,
  shareMedia,
  trackedUrl,
} from './share-links.ts';

describe('newRefCode', () => {
  it('makes 12 URL-safe characters accepted by the server pattern', () => {
    for (let i = 0; i < 200; i++) {
      const code = newRefCode();
      expect(code).toHaveLength(REF_CODE_LENGTH);
      expect(code).toMatch(REF_CODE_PATTERN);
      expect(encodeURIComponent(code)).toBe(code);
    }
  });

  it('does not repeat itself', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newRefCode()));
    expect(codes.size).toBe(1000);
  });
});

describe('trackedUrl', () => {
  it('builds {origin}/supporter/{campaignId}?ref={code}', () => {
    expect(trackedUrl('https://rally.example', 42, 'abcDEF123_-x')).toBe(
      'https://rally.example/supporter/42?ref=abcDEF123_-x',
    );
    expect(trackedUrl('https://rally.example/', 7, 'code123456')).toBe(
      'https://rally.example/supporter/7?ref=code123456',
    );
    // A share's link names its asset, so it previews that asset.
    expect(trackedUrl('https://rally.example', 7, 'code123456', 31)).toBe(
      'https://rally.example/supporter/7?ref=code123456&a=31',
    );
  });
});

describe('assetShareText, the public words of an asset (never its internal title)', () => {
  const campaign = { name: 'Clean Rivers', description: ' Keep every river swimmable. ' };
  const image = {
    type: 'image',
    title: 'hero_v3_final oaks banner',
    content: '/uploads/r.png',
    description: null as string | null,
    shareText: ' Swim with us ' as string | null,
  };

  it('shares the caption of an image or video', () => {
    expect(assetShareText(image, campaign)).toBe('Swim with us');
    expect(assetShareText({ ...image, type: 'video' }, campaign)).toBe('Swim with us');
  });

  it('falls back to the asset description, then the campaign description, then its name', () => {
    const blank = { ...image, shareText: '  ' };
    expect(assetShareText({ ...blank, description: ' A river at dawn ' }, campaign)).toBe('A river at dawn');
    expect(assetShareText(blank, campaign)).toBe('Keep every river swimmable.');
    expect(assetShareText({ ...blank, shareText: null }, { name: 'Clean Rivers', description: ' ' })).toBe(
      'Clean Rivers',
    );
    for (const c of [campaign, { name: 'Clean Rivers' }])
      expect(assetShareText({ ...blank, description: '' }, c)).not.toContain('hero_v3');
  });

  it('uses the content of a text asset, and the variant a visitor is shown over all', () => {
    expect(assetShareText({ ...image, type: 'text', content: 'Write today' }, campaign)).toBe('Write today');
    expect(assetShareText({ ...image, variant: { text: 'Variant B' } }, campaign)).toBe('Variant B');
  });

  it('makes a one-line headline cut at ASSET_HEADLINE_MAX', () => {
    expect(assetHeadline({ ...image, shareText: 'Swim\n\nwith   us' }, campaign)).toBe('Swim with us');
    const long = assetHeadline({ ...image, shareText: 'x'.repeat(200) }, campaign);
    expect(Array.from(long)).toHaveLength(ASSET_HEADLINE_MAX);
    expect(long.endsWith('...')).toBe(true);
  });

  it('asks for words before publishing an image or video that has none of its own', () => {
    expect(needsShareWords({ ...image, shareText: null })).toBe(true);
    expect(needsShareWords({ ...image, shareText: ' ', description: ' ' })).toBe(true);
    expect(needsShareWords(image)).toBe(false);
    expect(needsShareWords({ ...image, shareText: null, description: 'A river' })).toBe(false);
    expect(needsShareWords({ ...image, shareText: null, variants: [{ text: 'A' }] })).toBe(false);
    expect(needsShareWords({ ...image, type: 'text', shareText: null, content: 'Hi' })).toBe(false);
  });
});

describe('composeShareText', () => {
  const campaign = { name: 'Clean Rivers', description: null };
  const image = { type: 'image', content: '/uploads/a.png', shareText: 'Clean rivers' };
  const text = { type: 'text', content: 'Write to your MP today.' };

  it('prepends a personal message followed by a blank line', () => {
    expect(composeShareText(text, campaign, 'I care about this')).toBe(
      'I care about this\n\nWrite to your MP today.',
    );
    expect(composeShareText(image, campaign, '  Me too  ')).toBe('Me too\n\nClean rivers');
  });

  it('ignores a blank personal message', () => {
    expect(composeShareText(text, campaign, '   ')).toBe('Write to your MP today.');
    expect(composeShareText(text, campaign, null)).toBe('Write to your MP today.');
  });

  it('carries media only for image and video assets', () => {
    expect(shareMedia(image)).toBe('/uploads/a.png');
    expect(shareMedia(text)).toBeUndefined();
  });
});

describe('isIntentPlatform', () => {
  it('is true for every platform with a share URL, false for hand-posted and unknown ones', () => {
    const handPosted = PLATFORM_IDS.filter((p) => !isIntentPlatform(p));
    expect(handPosted).toEqual(['instagram', 'instagram_story', 'tiktok', 'youtube']);
    expect(isIntentPlatform('twitter')).toBe(true);
    expect(isIntentPlatform('email')).toBe(true);
    expect(isIntentPlatform('pinterest')).toBe(false);
  });
});

describe('shareIntentUrl', () => {
  const data = { text: 'Join us & act #now', url: 'https://rally.example/supporter/3?ref=abcdefghijkl' };

  it('builds a Twitter intent with text and url', () => {
    const u = new URL(shareIntentUrl('twitter', data));
    expect(u.origin + u.pathname).toBe('https://twitter.com/intent/tweet');
    expect(u.searchParams.get('text')).toBe(data.text);
    expect(u.searchParams.get('url')).toBe(data.url);
  });

  it('builds a Facebook sharer link', () => {
    const u = new URL(shareIntentUrl('facebook', data));
    expect(u.origin + u.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(u.searchParams.get('u')).toBe(data.url);
  });

  it('builds a LinkedIn share-offsite link', () => {
    const u = new URL(shareIntentUrl('linkedin', data));
    expect(u.origin + u.pathname).toBe('https://www.linkedin.com/sharing/share-offsite/');
    expect(u.searchParams.get('url')).toBe(data.url);
  });

  it('builds a wa.me link with the text and the url', () => {
    const u = new URL(shareIntentUrl('whatsapp', data));
    expect(u.origin + u.pathname).toBe('https://wa.me/');
    expect(u.searchParams.get('text')).toBe(`${data.text}\n\n${data.url}`);
  });
});

describe('campaignLinkPreview', () => {
  it('uses the campaign name, description and first image as an absolute URL', () => {
    const p = campaignLinkPreview(
      {
        campaign: { id: 5, name: 'Save the Park', description: 'Keep it green' },
        assets: [
          { type: 'text', content: 'hello' },
          { type: 'image', content: '/uploads/park.png' },
          { type: 'image', content: '/uploads/second.png' },
        ],
      },
      'https://rally.example',
    );
    expect(p).toEqual({
      title: 'Save the Park',
      description: 'Keep it green',
      image: 'https://rally.example/uploads/park.png',
      imageAlt: 'Keep it green',
      url: 'https://rally.example/supporter/5',
    });
  });

  it("previews the asset a link names: its words and picture, a text's the logo, never another asset's picture", () => {
    const campaign = { id: 5, name: 'Save the Park', description: 'Keep it green' };
    const park = { id: 1, type: 'image', content: '/uploads/park.png', description: 'The park' };
    const pond = { id: 2, type: 'image', content: '/uploads/pond.png', shareText: 'Swim in the pond' };
    const words = { id: 3, type: 'text', content: 'Write to the council' };
    const organization = { name: 'Park Friends', logoUrl: '/uploads/logo.png' };
    const input = { campaign, assets: [park, pond, words], organization };
    expect(campaignLinkPreview({ ...input, asset: pond }, 'https://rally.example')).toEqual({
      siteName: 'Park Friends',
      title: 'Save the Park',
      description: 'Swim in the pond',
      image: 'https://rally.example/uploads/pond.png',
      imageAlt: 'Swim in the pond',
      url: 'https://rally.example/supporter/5?a=2',
    });
    const text = campaignLinkPreview({ ...input, asset: words }, 'https://rally.example');
    expect(text).toMatchObject({
      description: 'Write to the council',
      image: 'https://rally.example/uploads/logo.png',
      imageAlt: 'Park Friends logo',
      url: 'https://rally.example/supporter/5?a=3',
    });
    const noLogo = campaignLinkPreview(
      { campaign, assets: input.assets, asset: words },
      'https://rally.example',
    );
    expect(noLogo.image).toBeUndefined();
  });

  it('has no image when the campaign has none', () => {
    const p = campaignLinkPreview(
      { campaign: { id: 1, name: 'A', description: null }, assets: [] },
      'http://x',
    );
    expect(p.image).toBeUndefined();
    expect(absoluteUrl('http://x', 'https://cdn.example/i.png')).toBe('https://cdn.example/i.png');
  });

  it("falls back to the organisation's logo and names the organisation", () => {
    const organization = { name: 'River Trust', logoUrl: '/uploads/logo.png' };
    const textOnly = campaignLinkPreview(
      { campaign: { id: 1, name: 'A' }, assets: [{ type: 'text', content: 'hi' }], organization },
      'http://x',
    );
    expect(textOnly.image).toBe('http://x/uploads/logo.png');
    expect(textOnly.siteName).toBe('River Trust');
    const withImage = campaignLinkPreview(
      {
        campaign: { id: 1, name: 'A' },
        assets: [{ type: 'image', content: '/uploads/a.png' }],
        organization,
      },
      'http://x',
    );
    expect(withImage.image).toBe('http://x/uploads/a.png');
  });
});

describe('influenceScore', () => {
  it('is shares x 10 + clicks x 5', () => {
    expect(influenceScore({ shares: 0, clicks: 0 })).toBe(0);
    expect(influenceScore({ shares: 3, clicks: 4 })).toBe(50);
  });
});

describe('the link platforms', () => {
  const data = { text: 'Join us & act #now', url: 'https://rally.example/supporter/3?ref=abcdefghijkl' };
  const post = `${data.text}\n\n${data.url}`;

  it('Bluesky, Threads and Mastodon get the text and the link in one post', () => {
    const bsky = new URL(shareIntentUrl('bluesky', data));
    expect(bsky.origin + bsky.pathname).toBe('https://bsky.app/intent/compose');
    expect(bsky.searchParams.get('text')).toBe(post);
    const threads = new URL(shareIntentUrl('threads', data));
    expect(threads.origin + threads.pathname).toBe('https://www.threads.net/intent/post');
    expect(threads.searchParams.get('text')).toBe(post);
    const masto = new URL(
      shareIntentUrl('mastodon', { ...data, mastodonServer: 'https://Mastodon.Social/' }),
    );
    expect(masto.origin + masto.pathname).toBe('https://mastodon.social/share');
    expect(masto.searchParams.get('text')).toBe(post);
    expect(() => shareIntentUrl('mastodon', data)).toThrow();
  });

  it('Telegram, Reddit (title at most 300) and email', () => {
    const tg = new URL(shareIntentUrl('telegram', data));
    expect(tg.origin + tg.pathname).toBe('https://t.me/share/url');
    expect([tg.searchParams.get('url'), tg.searchParams.get('text')]).toEqual([data.url, data.text]);
    const reddit = new URL(shareIntentUrl('reddit', { ...data, text: `a\n\nb ${'c'.repeat(400)}` }));
    expect(reddit.origin + reddit.pathname).toBe('https://www.reddit.com/submit');
    expect(reddit.searchParams.get('url')).toBe(data.url);
    expect(reddit.searchParams.get('title')).toHaveLength(300);
    expect(reddit.searchParams.get('title')).toMatch(/^a b c+\.\.\.$/);
    const mail = shareIntentUrl('email', { ...data, subject: 'Clean rivers' });
    expect(mail).toBe(`mailto:?subject=Clean%20rivers&body=${encodeURIComponent(post)}`);
  });

  it('takes a Mastodon server only as a host name', () => {
    expect(mastodonHost(' mastodon.social ')).toBe('mastodon.social');
    expect(mastodonHost('https://fosstodon.org/')).toBe('fosstodon.org');
    for (const bad of [
      '',
      'localhost',
      'evil.com/path',
      'user@mastodon.social',
      'a..b',
      'host:8080',
      'javascript:alert(1)',
      '-x.org',
    ]) {
      expect(mastodonHost(bad), bad).toBeNull();
    }
  });
});
