import type { APIRequestContext, Page } from '@playwright/test';
import { REPEATED_MESSAGE_THRESHOLD } from '#shared/constants.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  DESKTOP,
  installShareRecorder,
  recordedCalls,
  type SeededSupporterCampaign,
  seedSupporterCampaign,
} from '../support/supporter.ts';

// The personal-message nudge: when the message a supporter writes was already shared
// with this asset by many others, the dialog suggests rewording it, with a template to
// start from. Only counts are kept: the server never hands back anybody's words.

const MESSAGE = 'Our rivers deserve better, please read and share this';
const NUDGE = 'Many supporters have already shared this exact message.';

async function logShares(
  request: APIRequestContext,
  seeded: SeededSupporterCampaign,
  n: number,
  message: string,
) {
  for (let i = 0; i < n; i++) {
    const res = await request.post('/api/shares', {
      data: {
        assetId: seeded.assets[0].id,
        campaignId: seeded.campaignId,
        organizationId: seeded.account.orgId,
        platform: 'facebook',
        message,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

/** Types the message and waits for the dialog's check of exactly that text to answer. */
async function typeAndWaitForCheck(page: Page, text: string) {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/message-check?') && new URL(r.url()).searchParams.get('text') === text,
  );
  const box = page.getByRole('dialog').getByLabel('Add your personal message');
  await box.fill('');
  await box.fill(text);
  const res = await answered;
  expect(res.status()).toBe(200);
  return (await res.json()) as { repeated: boolean };
}

test.describe('make it personal', () => {
  test.use(DESKTOP);

  test(`the nudge appears from ${REPEATED_MESSAGE_THRESHOLD} identical shares, not before, and its template fills the field`, async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [{ type: 'text', title: 'Call to action', content: 'Write to your council today.' }],
    });
    await logShares(request, seeded, REPEATED_MESSAGE_THRESHOLD - 1, MESSAGE);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page.getByRole('tab', { name: 'Personalize' }).click();
    await page.getByRole('button', { name: 'Write to your council today.' }).click();
    const dialog = page.getByRole('dialog');

    expect(await typeAndWaitForCheck(page, MESSAGE)).toEqual({ repeated: false, blocked: [] });
    await expect(dialog.getByText(NUDGE)).toHaveCount(0);

    // One more share of the same words (in other case and spacing): now it is repeated.
    await logShares(request, seeded, 1, `  ${MESSAGE.toUpperCase()}  `);
    expect(await typeAndWaitForCheck(page, MESSAGE)).toEqual({ repeated: true, blocked: [] });
    const nudge = dialog.getByTestId('message-nudge');
    await expect(nudge).toBeVisible();
    await expect(nudge).toContainText('Make it your own');
    await expect(nudge).toContainText(NUDGE);
    await expect(dialog.getByRole('status').filter({ hasText: NUDGE })).toBeVisible();

    const template = `I support ${seeded.name} because it matters to me and to my community. Here's why:`;
    await expect(nudge).toContainText(template);
    const answered = page.waitForResponse((r) => r.url().includes('/message-check?'));
    await nudge.getByRole('button', { name: 'Use this as a starting point' }).click();
    await expect(dialog.getByLabel('Add your personal message')).toHaveValue(template);
    // The template's words were not shared here before: the suggestion goes away.
    await expect(nudge).toHaveCount(0);
    expect(await (await answered).json()).toEqual({ repeated: false, blocked: [] });

    // The share carries the message, so it counts towards the next supporter's check.
    await dialog.getByRole('button', { name: 'X', exact: true }).click();
    await expect
      .poll(async () => {
        const post = (await recordedCalls(page)).find(
          (c) => c.kind === 'fetch' && c.method === 'POST' && c.url?.endsWith('/api/shares'),
        );
        return post ? JSON.parse(post.body ?? '{}').message : undefined;
      })
      .toBe(template);
  });
});
