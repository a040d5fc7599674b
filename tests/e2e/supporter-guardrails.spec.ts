import { api, expect, test } from '../support/fixtures.ts';
import { installShareRecorder, PHONE, recordedCalls, seedSupporterCampaign } from '../support/supporter.ts';

// Issue 30's guardrails on a phone (390 px): the organisation's blocked words are named
// under the supporter's message and hold the share buttons until it is edited; the
// campaign's disclosure line is shown and carried by every post; a locked asset's words
// sit read-only under the message.

const WORDS = 'Write to your council today.';
// A Cyrillic а inside a Latin word: a look-alike of the blocked "scam".
const SPELLING = 'Sc\u0430m';

test.describe('guardrails on the phone view', () => {
  test.use(PHONE);

  test('a message with a blocked word is refused with the word named, and sharing waits until it is edited', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [{ type: 'text', title: 'Call to action', content: WORDS }],
    });
    const staff = api(request, seeded.account.token);
    expect((await staff.put(`/api/campaigns/${seeded.campaignId}`, { disclosure: '#ad' })).status()).toBe(
      200,
    );
    const list = await staff.put('/api/organization/settings', { guardrails: { blockedWords: ['scam'] } });
    expect(list.status()).toBe(200);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    // The page never carries the list.
    expect(await page.content()).not.toContain('blockedWords');

    const touch = page.getByRole('region', { name: 'Add Your Personal Touch' });
    await expect(touch.getByTestId('disclosure-note')).toHaveText('Added at the end of every post: #ad');
    const message = touch.getByLabel('Add your personal message');
    await message.fill(`This is a ${SPELLING}!`);
    const notice = touch.getByTestId('blocked-words');
    await expect(notice).toHaveText(`This word is not allowed here: ${SPELLING}`);
    const x = touch.getByRole('button', { name: 'X', exact: true });
    await expect(x).toBeDisabled();
    await expect(touch.getByRole('button', { name: 'WhatsApp', exact: true })).toBeDisabled();

    // Edited: the notice goes and the post goes out, message first and the line last.
    await message.fill('This matters to me');
    await expect(notice).toHaveCount(0);
    await expect(x).toBeEnabled();
    await x.tap();
    await expect(page.getByTestId('toast')).toContainText('X opened');
    const opened = (await recordedCalls(page)).find((c) => c.kind === 'open');
    const text = new URL(opened?.url ?? 'http://x').searchParams.get('text');
    expect(text).toBe(`This matters to me\n\n${WORDS}\n\n#ad`);
  });

  test('the share dialog names the word too, keeps the line in its previews and the locked words read-only', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [{ type: 'text', title: 'Call to action', content: WORDS }],
    });
    const staff = api(request, seeded.account.token);
    await staff.put(`/api/campaigns/${seeded.campaignId}`, { disclosure: '#ad' });
    await staff.put('/api/organization/settings', { guardrails: { blockedWords: ['scam'] } });
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page
      .getByRole('region', { name: `Quick Share ${seeded.assets[0].label}` })
      .getByRole('button', { name: 'Previews and more platforms' })
      .tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tabpanel')).toContainText('#ad');
    await expect(dialog.getByTestId('disclosure-line')).toHaveText('Every post ends with: #ad');
    await expect(dialog.getByText("Your message goes above the organisation's words")).toBeVisible();
    await dialog.getByRole('button', { name: 'Personalize' }).tap();
    await dialog.getByLabel('Add your personal message').fill(`what a ${SPELLING}`);
    await expect(dialog.getByTestId('blocked-words')).toHaveText(
      `This word is not allowed here: ${SPELLING}`,
    );
    await expect(dialog.getByRole('button', { name: 'Facebook', exact: true })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Copy Text' })).toBeDisabled();
    await dialog.getByLabel('Add your personal message').fill('what a day');
    await expect(dialog.getByTestId('blocked-words')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Facebook', exact: true })).toBeEnabled();
  });

  test("when the check has not answered yet, the server's refusal names the word", async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [{ type: 'text', title: 'Call to action', content: WORDS }],
    });
    await api(request, seeded.account.token).put('/api/organization/settings', {
      guardrails: { blockedWords: ['scam'] },
    });
    // The check never answers: the share goes ahead and the server refuses it.
    await page.route('**/message-check?**', () => {});
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    const touch = page.getByRole('region', { name: 'Add Your Personal Touch' });
    await touch.getByLabel('Add your personal message').fill(`A ${SPELLING} indeed`);
    await touch.getByRole('button', { name: 'X', exact: true }).tap();
    await expect(page.getByTestId('toast')).toContainText(`does not allow: "${SPELLING}". Please edit it.`);
  });

  test('an asset whose words supporters may edit: the edit is posted, the line still ends it', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [{ type: 'text', title: 'Call to action', content: WORDS }],
    });
    const staff = api(request, seeded.account.token);
    await staff.put(`/api/campaigns/${seeded.campaignId}`, { disclosure: '#ad' });
    const asset = seeded.assets[0];
    expect((await staff.put(`/api/assets/${asset.id}`, { textEditable: true })).status()).toBe(200);
    await installShareRecorder(page);
    await page.goto(`/supporter/${seeded.campaignId}`);
    await page
      .getByRole('region', { name: `Quick Share ${asset.label}` })
      .getByRole('button', { name: 'Previews and more platforms' })
      .tap();
    const dialog = page.getByRole('dialog');
    const words = dialog.getByLabel("You can edit the organisation's words");
    await expect(words).toHaveValue(WORDS);
    await words.fill('Our park, our Saturday: come along');
    await expect(dialog.getByRole('tabpanel')).toContainText('Our park, our Saturday: come along');
    await dialog.getByRole('button', { name: 'X', exact: true }).tap();
    await expect(page.getByTestId('toast')).toContainText('X opened');
    const opened = (await recordedCalls(page)).find((c) => c.kind === 'open');
    expect(new URL(opened?.url ?? 'http://x').searchParams.get('text')).toBe(
      'Our park, our Saturday: come along\n\n#ad',
    );
  });
});
