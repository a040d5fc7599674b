import { describe, expect, it } from 'vitest';
import type { SupporterAsset, SupporterCampaign } from '#shared/schemas/shares.ts';
import { supporterFirstPaint } from './first-paint.ts';

const asset = (id: number, over: Partial<SupporterAsset>): SupporterAsset => ({
  id,
  description: null,
  type: 'image',
  content: `/uploads/${id}.png`,
  campaignId: 1,
  organizationId: 1,
  shareText: null,
  altText: null,
  position: id,
  createdAt: '2026-01-01T00:00:00.000Z',
  variant: null,
  textEditable: false,
  ...over,
});

const view = (over: Partial<SupporterCampaign> = {}): SupporterCampaign => ({
  language: 'en',
  languageSource: 'campaign-default',
  languages: ['en'],
  campaign: {
    id: 1,
    name: 'Rivers <&> "Lakes"',
    description: 'Swim safe by 2030',
    organizationId: 1,
    utm: null,
    disclosure: null,
    goal: null,
  },
  organization: {
    name: 'River & Sons',
    logoUrl: '',
    primaryColor: '#4f46e5',
    accentColor: '#0f766e',
    collectInfo: false,
    privacyPolicyUrl: '',
  },
  availability: { state: 'open' },
  assets: [
    asset(1, { description: 'A poster "for" rivers', shareText: 'Swim with us' }),
    asset(2, {
      type: 'text',
      content: 'Write to your council',
      variant: { id: 9, text: 'Call your council' },
    }),
    asset(3, { type: 'video', content: 'https://cdn.example.org/v.mp4', shareText: 'Watch' }),
    asset(4, { shareText: 'Second poster' }),
  ],
  ...over,
});

const count = (html: string, part: string) => html.split(part).length - 1;

describe('the supporter page first paint', () => {
  it("shows the organisation's ask, the campaign and each asset's public words, escaped", () => {
    const html = supporterFirstPaint(view(), 'en');
    expect(html).toContain(
      '<span><span class="font-semibold text-slate-900">River &amp; Sons</span> asks you to share</span>',
    );
    expect(html).toContain('<h1 class="text-2xl font-bold">Rivers &lt;&amp;&gt; &quot;Lakes&quot;</h1>');
    expect(html).toContain('>Swim safe by 2030</p>');
    // Headings are the share words (never the internal title, which the view has not).
    expect(html).toContain('>Swim with us</h2>');
    expect(html).toContain('>A poster &quot;for&quot; rivers</p>');
    expect(html).toContain('>Second poster</h2>');
    // A text asset shows this visitor's variant; its heading is for screen readers only.
    expect(html).toContain('>Call your council</p></blockquote>');
    expect(html).not.toContain('Write to your council');
    expect(html).toContain('class="text-lg font-semibold sr-only">Call your council</h2>');
    expect(count(html, '<article ')).toBe(4);
    expect(count(html, '>Quick Share</h3>')).toBe(4);
    expect(html).toContain('>Mobile View</span>');
    expect(html).toContain('>Desktop View</span>');
    expect(html).toContain('>Ready to share</h2>');
    // Nothing to press before the scripts: the one link is the skip link (its own test).
    expect(html).not.toMatch(/<script|<button/);
    expect(count(html, '<a ')).toBe(1);
  });

  it('sizes every medium like the page does, the first image at high priority and named for the client', () => {
    const html = supporterFirstPaint(view(), 'en');
    expect(html).toContain(
      '<img src="/uploads/1.png" alt="A poster &quot;for&quot; rivers" width="640" height="360" fetchpriority="high" elementtiming="supporter-first-image"',
    );
    expect(html).toContain(
      '<img src="/uploads/4.png" alt="Second poster" width="640" height="360" loading="lazy" decoding="async"',
    );
    expect(count(html, 'fetchpriority="high"')).toBe(1);
    expect(count(html, 'aspect-video')).toBe(4);
    expect(html).not.toContain('v.mp4');
  });

  it("paints the header in the organisation's accent colour, only a valid one", () => {
    expect(supporterFirstPaint(view(), 'en')).toContain('style="--color-accent:#0f766e"');
    const odd = view({ organization: { ...view().organization, accentColor: 'red;}body{display:none' } });
    expect(supporterFirstPaint(odd, 'en')).not.toContain('style=');
  });

  it("shows the organisation's logo when it has one", () => {
    const html = supporterFirstPaint(
      view({ organization: { ...view().organization, logoUrl: 'https://cdn.example.org/logo.png' } }),
      'en',
    );
    expect(html).toContain('<img src="https://cdn.example.org/logo.png" alt="River &amp; Sons logo"');
  });

  it('has no share tools and no asset cards while sharing is closed', () => {
    const html = supporterFirstPaint(view({ availability: { state: 'paused' } }), 'en');
    expect(html).toContain('<h1 class="text-2xl font-bold">');
    expect(html).not.toContain('<article');
    expect(html).not.toContain('Mobile View');
    expect(html).toContain(
      '<main id="main-content" tabindex="-1" class="mx-auto max-w-5xl px-4 py-6 outline-none"></main>',
    );
  });

  it("starts with the page's skip link to the main content, as the scripts render it", () => {
    const html = supporterFirstPaint(view(), 'en');
    const skip = html.indexOf('<a href="#main-content" class="sr-only focus:not-sr-only');
    expect(skip).toBeGreaterThan(0);
    expect(html.indexOf('<a ')).toBe(skip);
    expect(html.slice(skip)).toContain('>Skip to main content</a>');
    expect(html).toContain('<main id="main-content" tabindex="-1"');
  });

  it("is in the language served, from the client's catalogs, the organisation named where the language puts it", () => {
    const es = supporterFirstPaint(view(), 'es');
    expect(es).toContain(
      '<span><span class="font-semibold text-slate-900">River &amp; Sons</span> le pide que comparta</span>',
    );
    expect(es).toContain('>Listo para compartir</h2>');
    expect(es).toContain('>Compartir rápido</h3>');
    expect(es).toContain('>Saltar al contenido principal</a>');
    const ar = supporterFirstPaint(view(), 'ar');
    expect(ar).toContain(
      '<span>تدعوك <span class="font-semibold text-slate-900">River &amp; Sons</span> إلى المشاركة</span>',
    );
    expect(ar).not.toContain('Ready to share');
  });
});
