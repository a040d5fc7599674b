import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { PHONE, seedSupporterCampaign } from '../support/supporter.ts';

// A supporter dialog gives focus back where it was when it closes, so a keyboard or
// screen-reader user goes on from the button that opened it.

async function opensAndReturns(page: Page, trigger: Locator, close: (dialog: Locator) => Promise<void>) {
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await close(dialog);
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

test.describe('supporter dialogs on a phone', () => {
  test.use(PHONE);

  test('closing the schedule dialog returns focus to the button that opened them', async ({
    page,
    request,
  }) => {
    const seeded = await seedSupporterCampaign(request, {
      assets: [{ type: 'text', title: 'Call to action', content: 'Write to your council today.' }],
    });
    await page.goto(`/supporter/${seeded.campaignId}`);
    const item = page.getByRole('listitem', { name: 'Write to your council today.' });
    const schedule = item.getByRole('button', { name: 'Schedule' });
    await opensAndReturns(page, schedule, (d) => d.getByRole('button', { name: 'Cancel' }).click());
    await opensAndReturns(page, schedule, async () => page.keyboard.press('Escape'));
  });
});
