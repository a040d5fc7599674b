import { INFLUENCE_SCORE_EXPLANATION } from '#shared/impact.ts';
import { expect, test } from '../support/fixtures.ts';
import { campaignStats, DESKTOP, PHONE, seedSupporterCampaign } from '../support/supporter.ts';

test.describe('supporter page on a desktop', () => {
  test.use(DESKTOP);

  test('shows the campaign with its tabs, a playable video and real impact numbers', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [
        { type: 'image', title: 'River poster', description: 'Blue river poster' },
        { type: 'text', title: 'Call to action', content: 'Write to your council today!' },
        { type: 'video', title: 'River film', content: 'https://cdn.example.org/river.mp4' },
      ],
    });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
    await expect(page.getByRole('banner').getByText(seeded.description)).toBeVisible();
    await expect(page).not.toHaveURL(/mobile=/);
    for (const tab of ['Share', 'Personalize', 'My Impact', 'Schedule']) {
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    }
    const poster = page.getByRole('img', { name: 'Blue river poster' });
    await expect(poster).toHaveAttribute('src', seeded.assets[0].content);
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    const video = page.locator('video');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAttribute('playsinline', '');
    await expect(video).toHaveAttribute('preload', 'metadata');
    await expect(video).toHaveAttribute('src', 'https://cdn.example.org/river.mp4');
    // A text asset shows its words (its heading, the same words, is for screen readers).
    await expect(page.getByRole('blockquote').getByText('Write to your council today!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share Now' })).toHaveCount(3);

    // A page shows one campaign: no campaign filter to pick it again.
    await expect(page.getByRole('combobox', { name: 'Campaign' })).toHaveCount(0);
    await expect(page.getByText('All Campaigns')).toHaveCount(0);

    await page.getByRole('tab', { name: 'My Impact' }).click();
    await expect(page.getByText('Your Shares', { exact: true })).toBeVisible();
    await expect(page.getByTestId('impact-Your Shares')).toHaveText('0');
    await expect(page.getByTestId('impact-Clicks Generated')).toHaveText('0');
    await expect(page.getByTestId('impact-Influence Score')).toHaveText('0');
    await expect(page.getByText('Influence Score = Your Shares x 10 + Clicks Generated x 5')).toBeVisible();
    await expect(page.getByText(INFLUENCE_SCORE_EXPLANATION)).toBeVisible();

    await page.getByRole('tab', { name: 'Personalize' }).click();
    // No unsourced promise of engagement: the tip says what is true.
    await expect(page.getByText(/your words come first in the post/)).toBeVisible();
    await expect(page.getByText(/3x/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: seeded.assets[0].label })).toBeVisible();

    await page.getByRole('tab', { name: 'Schedule' }).click();
    // Every asset can be scheduled, the third too.
    await expect(page.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByText('Not scheduled')).toHaveCount(3);
  });

  test('the toggle switches views through ?mobile=', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.goto(`/supporter/campaign/${seeded.campaignId}`);
    await page.getByRole('button', { name: 'Mobile View' }).click();
    await expect(page).toHaveURL(/mobile=true/);
    await expect(page.getByRole('heading', { name: 'Add Your Personal Touch' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Share' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Desktop View' }).click();
    await expect(page).toHaveURL(/mobile=false/);
    await expect(page.getByRole('tab', { name: 'Share' })).toBeVisible();
    // Each switch is a history entry: Back shows the view before it.
    await page.goBack();
    await expect(page).toHaveURL(/mobile=true/);
    await expect(page.getByRole('heading', { name: 'Add Your Personal Touch' })).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/mobile=/);
    await expect(page.getByRole('tab', { name: 'Share' })).toBeVisible();
  });

  test('a missing campaign says so and what to do, with a Go Back button', async ({ page }) => {
    await page.goto('/supporter/999999');
    await expect(page.getByRole('heading', { name: 'Campaign Not Found' })).toBeVisible();
    await expect(
      page.getByText('Sorry, the campaign you are looking for does not exist or has been removed.'),
    ).toBeVisible();
    await expect(page.getByTestId('not-found-help')).toContainText('ask them for the current link');
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  });

  test('the raw HTML carries escaped link-preview tags and the campaign data', async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    const seeded = await seedSupporterCampaign(request, {
      name: `Rivers & "Lakes" <${stamp}></script>`,
      description: 'Swim <safely> & "freely"',
    });
    const res = await request.get(`/supporter/${seeded.campaignId}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const escapedName = seeded.name
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;');
    expect(html).toContain(`<title>${escapedName}`);
    expect(html).toContain(`property="og:title" content="${escapedName}"`);
    expect(html).toContain(
      'property="og:description" content="Swim &lt;safely&gt; &amp; &quot;freely&quot;"',
    );
    expect(html).toMatch(
      new RegExp(`property="og:url" content="http://[^"]+/supporter/${seeded.campaignId}"`),
    );
    expect(html).toContain(`property="og:image" content="http://`);
    expect(html).toContain(seeded.assets[0].content);
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).not.toContain(`<${stamp}>`);
    // The campaign travels in a JSON block that no '<' can break out of, and the page renders from it.
    expect(html).toContain('<script type="application/json" id="supporter-campaign-data">');
    expect(html).toContain(`\\u003c${stamp}>\\u003c/script>`);
    expect(html).toMatch(
      new RegExp(`<link rel="preload" as="image" href="${seeded.assets[0].content}" fetchpriority="high"`),
    );
    // It arrives painted (the campaign in the root element) and fetches its scripts after that paint.
    expect(html).toContain(`<h1 class="text-2xl font-bold">${escapedName}</h1>`);
    expect(html).toMatch(new RegExp(`<img src="${seeded.assets[0].content}" [^>]*fetchpriority="high"`));
    expect(html).not.toContain('rel="modulepreload"');
    // No read of the campaign: the page renders from the embedded JSON. Its one call
    // here is the visit confirmation (a POST, counted per source).
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/supporter/campaigns/') && r.method() !== 'POST') apiCalls.push(r.url());
    });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
    await expect(
      page.getByRole('img', { name: seeded.assets[0].label }).or(page.locator('img').first()),
    ).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name)))
      .toContainEqual(
        expect.stringMatching(new RegExp(`/api/supporter/campaigns/${seeded.campaignId}/visits$`)),
      );
    // Checked once the page's script has run (the visit above is its own).
    expect(apiCalls).toEqual([]);
  });

  test('a tracked link counts one click-through per visitor and none for crawlers', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request);
    const ref = `e2eref${Date.now().toString(36)}`.slice(0, 12).padEnd(12, 'x');
    const share = await request.post('/api/shares', {
      data: {
        assetId: seeded.assets[0].id,
        platform: 'twitter',
        supporterInfo: '',
        campaignId: seeded.campaignId,
        organizationId: seeded.account.orgId,
        ref,
      },
    });
    expect(share.status(), await share.text()).toBe(201);
    expect((await campaignStats(request, seeded)).clickThroughs).toBe(0);

    // Each visit's page confirms itself a moment after it opens (its visit token must
    // age first); the second visit of the same browser is not a second click-through.
    for (let visit = 0; visit < 2; visit++) {
      const confirmed = page.waitForResponse((r) => r.url().endsWith('/api/clicks'));
      await page.goto(`/supporter/${seeded.campaignId}?ref=${ref}`);
      await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
      expect((await confirmed).status()).toBe(204);
    }
    expect((await campaignStats(request, seeded)).clickThroughs).toBe(1);

    const bot = await page.context().browser()!.newContext({
      userAgent: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    });
    const botRes = await bot.request.get(`/supporter/${seeded.campaignId}?ref=${ref}`, {
      headers: { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
    });
    expect(botRes.status()).toBe(200);
    await bot.close();
    expect((await campaignStats(request, seeded)).clickThroughs).toBe(1);
  });
});

test.describe('supporter page on a phone', () => {
  test.use(PHONE);

  test('detects the phone, writes mobile=true and shows the one-column view', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
    await expect(page).toHaveURL(/[?&]mobile=true/);
    await expect(page.getByRole('tab')).toHaveCount(0);
    const quick = page.getByRole('region', { name: `Quick Share ${seeded.assets[0].label}` });
    for (const name of ['X', 'Facebook', 'Instagram Story', 'WhatsApp', 'Save Image', 'Copy Text']) {
      await expect(quick.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Add Your Personal Touch' })).toBeVisible();
    await expect(page.getByText(`Thank you for supporting ${seeded.name}!`)).toBeVisible();

    // Each template names the campaign and leads into the share text (never quoting the title).
    const touch = page.getByRole('region', { name: 'Add Your Personal Touch' });
    const box = touch.getByLabel('Add your personal message');
    await expect(box).toHaveAttribute('placeholder', 'Share why this matters to you...');
    for (const name of ['Why I Support', 'Join Me', 'Did You Know?', 'Important Cause']) {
      await touch.getByRole('button', { name }).click();
      await expect(box).toHaveValue(new RegExp(escapeRe(seeded.name)));
      await expect(box).not.toHaveValue(new RegExp(escapeRe(seeded.assets[0].label)));
    }
    await touch.getByLabel('Asset to share').selectOption({ label: seeded.assets[1].label });
    for (const name of ['X', 'Facebook', 'LinkedIn', 'WhatsApp']) {
      await expect(touch.getByRole('button', { name, exact: true })).toBeVisible();
    }
  });

  test('an explicit mobile=false is respected on a phone', async ({ page, request }) => {
    const seeded = await seedSupporterCampaign(request);
    await page.goto(`/supporter/${seeded.campaignId}?mobile=false`);
    await expect(page.getByRole('tab', { name: 'Share' })).toBeVisible();
    await expect(page).toHaveURL(/mobile=false/);
  });
});

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
