import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DESKTOP, PHONE, seedSupporterCampaign } from '../support/supporter.ts';
import { axeProblems } from '../support/teams.ts';
import { seedAsset, seedCampaign } from '../support/workspace.ts';

// Focus you can see: solid buttons' focus ring, the supporter page's skip link, and
// keyboard reordering one slot per arrow press.

/** Presses Tab until the focused element's accessible text is `name` (at most 40 presses). */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const text = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (text === name) return;
  }
  throw new Error(`never reached ${name} with Tab`);
}

/**
 * The focused element's ring as drawn: outline style, width and offset, the white band
 * in the gap, and the contrast of the ring colour against the background behind the button.
 */
function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    // Computed colours may be oklch(): let a canvas turn any CSS colour into sRGB bytes.
    const ctx = document.createElement('canvas').getContext('2d')!;
    const parse = (c: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = c;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const luminance = ([r, g, b]: number[]) => {
      const lin = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    let bg = 'rgb(255, 255, 255)';
    for (let p = el.parentElement; p; p = p.parentElement) {
      const c = getComputedStyle(p).backgroundColor;
      const [, , , a = 1] = parse(c);
      if (c !== 'transparent' && a > 0) {
        bg = c;
        break;
      }
    }
    const s = getComputedStyle(el);
    const [l1, l2] = [luminance(parse(s.outlineColor)), luminance(parse(bg))].sort((a, b) => b - a);
    return {
      focusVisible: el.matches(':focus-visible'),
      style: s.outlineStyle,
      width: Number.parseFloat(s.outlineWidth),
      offset: Number.parseFloat(s.outlineOffset),
      shadow: s.boxShadow,
      contrast: (l1 + 0.05) / (l2 + 0.05),
    };
  });
}

test('a solid primary button shows a 2 px ring, offset, at 3:1 or more against the page', async ({
  page,
  request,
  signedIn,
}) => {
  const focus = await seedCampaign(request, signedIn, { name: 'Focus Campaign' });
  await seedAsset(request, signedIn, focus, { title: 'Focus text' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Organization Dashboard' })).toBeVisible();
  await tabTo(page, 'New Campaign');
  // The ring's colour fades in with the button's colour transition (150 ms): read it once settled.
  await expect.poll(async () => (await focusRing(page)).contrast).toBeGreaterThanOrEqual(3);
  const ring = await focusRing(page);
  expect(ring.focusVisible).toBe(true);
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(ring.offset).toBeGreaterThanOrEqual(2);
  expect(ring.shadow).toContain('rgb(255, 255, 255)');
  expect(ring.contrast).toBeGreaterThanOrEqual(3);

  // The same in a dialog (white surface): its primary button.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create a new campaign' });
  await dialog.getByLabel('Campaign Name').fill('Ring Check');
  await tabTo(page, 'Create Campaign');
  await expect.poll(async () => (await focusRing(page)).contrast).toBeGreaterThanOrEqual(3);
  const inDialog = await focusRing(page);
  expect(inDialog.style).toBe('solid');
  expect(inDialog.width).toBeGreaterThanOrEqual(2);
  expect(inDialog.contrast).toBeGreaterThanOrEqual(3);
  // Unfocused, the button has no ring at all: the change is the ring.
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  const plain = await dialog
    .getByRole('button', { name: 'Create Campaign' })
    .evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(['none', '']).toContain(plain);
});

test('keyboard reordering moves one slot per arrow press', async ({ page, request, signedIn }) => {
  const c = await seedCampaign(request, signedIn, { name: 'Slot Campaign' });
  for (const title of ['One', 'Two', 'Three', 'Four']) await seedAsset(request, signedIn, c, { title });
  await page.goto(`/campaigns/${c.id}`);
  const items = page.getByTestId('organizer-item');
  const titles = items.locator('span.font-medium');
  const order = (...names: string[]) => names;
  await expect(titles).toHaveText(order('One', 'Two', 'Three', 'Four'));
  const live = page.locator('[aria-live="assertive"]');

  await page.getByRole('button', { name: 'One, position 1' }).focus();
  await page.keyboard.press('Space');
  // Arrows count only once the drag has started (its first announcement is out).
  await expect(live).toHaveText(/^(Picked up One\.|One is now at position 1 of 4\.)$/);
  for (const position of [2, 3, 4]) {
    await page.keyboard.press('ArrowDown');
    await expect(live).toHaveText(`One is now at position ${position} of 4.`);
  }
  await page.keyboard.press('ArrowUp');
  await expect(live).toHaveText('One is now at position 3 of 4.');
  await page.keyboard.press('Space');
  await expect(titles).toHaveText(order('Two', 'Three', 'One', 'Four'));

  // Grid view: right is the next slot in the row.
  await page.getByRole('button', { name: 'Grid' }).click();
  await page.getByRole('button', { name: 'Two, position 1' }).focus();
  await page.keyboard.press('Space');
  await expect(live).toHaveText(/^(Picked up Two\.|Two is now at position 1 of 4\.)$/);
  await page.keyboard.press('ArrowRight');
  await expect(live).toHaveText('Two is now at position 2 of 4.');
  await page.keyboard.press('Space');
  await expect(titles).toHaveText(order('Three', 'Two', 'One', 'Four'));
  await expect(page.getByRole('button', { name: 'Save Order' })).toBeEnabled();
});

for (const [device, use] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`the supporter page on a ${device}`, () => {
    test.use(use);

    test('the first Tab reaches a visible skip link that jumps to the main content', async ({
      page,
      request,
    }) => {
      const seeded = await seedSupporterCampaign(request);
      // The scripts wait until the first Tab is taken: the skip link is in the server's
      // first paint, and keeps its focus when the scripts' page replaces that paint.
      let release!: () => void;
      const scriptsMayLoad = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\.js(\?|$)/, async (route) => {
        await scriptsMayLoad;
        await route.continue();
      });
      await page.goto(`/supporter/${seeded.campaignId}${device === 'phone' ? '?mobile=true' : ''}`, {
        waitUntil: 'commit',
      });
      await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await page.keyboard.press('Tab');
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      // The first paint has no buttons: the scripts' page has (the view toggle).
      await expect(page.getByRole('button', { name: 'Mobile View' })).toHaveCount(0);
      release();
      await expect(page.getByRole('button', { name: 'Mobile View' })).toBeVisible();
      await expect(skip).toBeFocused();
      const box = await skip.boundingBox();
      expect(box!.width).toBeGreaterThan(40);
      expect(box!.height).toBeGreaterThan(20);
      expect(await axeProblems(page)).toEqual([]);

      await page.keyboard.press('Enter');
      await expect(page.locator('main#main-content')).toBeFocused();
      // The next stop is inside the main content, past the header's controls.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    });

    test('without scripts, the skip link still jumps to the main content', async ({
      browser,
      request,
    }, testInfo) => {
      const seeded = await seedSupporterCampaign(request);
      const { baseURL } = testInfo.project.use;
      const context = await browser.newContext({ ...use, baseURL, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/supporter/${seeded.campaignId}`);
      await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main#main-content')).toBeFocused();
      await context.close();
    });
  });
}
