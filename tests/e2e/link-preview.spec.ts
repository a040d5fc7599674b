import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { installShareRecorder, PHONE, recordedCalls, seedSupporterCampaign } from '../support/supporter.ts';

// A tracked link previews the asset it was shared from (issue 24 item 3): its picture
// and words, a text asset never another asset's picture.

/** The preview tags a crawler reads at `url`. */
async function previewOf(request: APIRequestContext, url: string) {
  const html = await (await request.get(url)).text();
  const tag = (name: string) =>
    new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)" />`).exec(html)?.[1];
  return {
    image: tag('og:image'),
    alt: tag('og:image:alt'),
    description: tag('og:description'),
    card: tag('twitter:card'),
  };
}

test.describe('link previews on a phone', () => {
  test.use(PHONE);

  test('a link shared from the second image previews that image; one from a text asset no image', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [
        { type: 'image', title: 'first', description: 'The first poster', color: [30, 120, 200] },
        { type: 'image', title: 'second', shareText: 'Swim with us this summer', color: [200, 60, 30] },
        { type: 'text', title: 'words', content: 'Write to your council today.' },
      ],
    });
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    for (const asset of [seeded.assets[1], seeded.assets[2]]) {
      await page
        .getByRole('region', { name: `Quick Share ${asset.label}` })
        .getByRole('button', { name: 'X', exact: true })
        .tap();
    }
    await expect
      .poll(async () => (await recordedCalls(page)).filter((c) => c.kind === 'open').length)
      .toBe(2);
    const [fromImage, fromText] = (await recordedCalls(page))
      .filter((c) => c.kind === 'open')
      .map((c) => new URL(c.url ?? '').searchParams.get('url') ?? '');
    expect(fromImage).toContain(`&a=${seeded.assets[1].id}`);

    const origin = new URL(page.url()).origin;
    expect(await previewOf(request, fromImage)).toEqual({
      image: `${origin}${seeded.assets[1].content}`,
      alt: 'Swim with us this summer',
      description: 'Swim with us this summer',
      card: 'summary_large_image',
    });
    const text = await previewOf(request, fromText);
    expect(text).toMatchObject({ description: 'Write to your council today.', card: 'summary' });
    expect(text.image).toBeUndefined();
    // The campaign's own link still previews the campaign, and an old link without `a` too.
    const plain = await previewOf(request, `/supporter/${seeded.campaignId}?ref=${'x'.repeat(12)}`);
    expect(plain).toMatchObject({
      image: `${origin}${seeded.assets[0].content}`,
      description: seeded.description,
    });
  });
});
