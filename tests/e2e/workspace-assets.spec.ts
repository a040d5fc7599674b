import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { campaignRow, seedCampaign, serveBytes, toastEl } from '../support/workspace.ts';
import { pngBytes } from '../support/png.ts';

// The Add Asset dialog from an expanded dashboard row, as a person uses it.

async function openAddAsset(page: Page, campaignName: string) {
  await page.goto('/');
  const row = campaignRow(page, new RegExp(`^${campaignName}`));
  await row.getByRole('button', { name: 'Add Asset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Asset' });
  await expect(dialog).toBeVisible();
  return { row, dialog };
}

test('a text asset, after every field message', async ({ page, request, signedIn }) => {
  await seedCampaign(request, signedIn, { name: 'Text Assets Campaign' });
  const { row, dialog } = await openAddAsset(page, 'Text Assets Campaign');
  await dialog.getByLabel('Asset type').selectOption('text');
  await dialog.getByLabel('Title').fill('Hi');
  await dialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();
  await expect(dialog.getByText('Content is required')).toBeVisible();

  await dialog.getByLabel('Title').fill('Call your council');
  await expect(dialog.getByRole('textbox', { name: 'Content' })).toHaveJSProperty('tagName', 'TEXTAREA');
  // A text asset is the post itself: its length on each platform, an over-long one flagged.
  await dialog.getByLabel('Content').fill('a'.repeat(300));
  await expect(dialog.getByTestId('length-twitter')).toContainText('(too long)');
  await expect(dialog.getByTestId('length-linkedin')).not.toContainText('too long');
  await expect(dialog.getByLabel('Content')).toHaveAccessibleDescription(/Length on each platform/);
  await dialog.getByLabel('Content').fill('Call your council today.\nIt takes two minutes!');
  await expect(dialog.getByTestId('length-twitter')).not.toContainText('too long');
  // No answer from the server: the dialog stays and asks to try again.
  await page.route('**/api/assets', (route) =>
    route.request().method() === 'POST' ? route.abort() : route.fallback(),
  );
  await dialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(toastEl(page)).toContainText('Failed to create asset. Please try again.');
  await expect(dialog).toBeVisible();
  await page.unroute('**/api/assets');
  await dialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastEl(page)).toContainText('Asset created');
  await expect(toastEl(page)).toContainText('Your asset has been created and saved successfully');

  const card = row.getByTestId('asset-card').filter({ hasText: 'Call your council' });
  await expect(card.getByText('Call your council today.')).toBeVisible();
  await expect(card.getByText('Ready to share')).toBeVisible();
  // Text assets go to twitter, facebook, linkedin and whatsapp.
  await expect(card.getByRole('link')).toHaveText(['X', 'Facebook', 'LinkedIn', 'WhatsApp']);
  const tweet = new URL((await card.getByRole('link', { name: 'Post on X' }).getAttribute('href'))!);
  expect(tweet.hostname).toBe('twitter.com');
  expect(tweet.searchParams.get('text')).toBe('Call your council today.\nIt takes two minutes!');
  expect(tweet.searchParams.get('url')).toMatch(/\/supporter\/\d+\?a=\d+$/);
});

test('an image by file upload, with the too-large and clear paths first', async ({
  page,
  request,
  signedIn,
}) => {
  await seedCampaign(request, signedIn, { name: 'Upload Campaign' });
  const { row, dialog } = await openAddAsset(page, 'Upload Campaign');
  await expect(dialog.getByLabel('Asset type')).toHaveValue('image');
  const fileInput = dialog.getByLabel('Upload a file');
  await expect(fileInput).toHaveAttribute('accept', 'image/*');

  // Over 5 MB: refused before any upload.
  await fileInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024)]),
  });
  await expect(toastEl(page)).toContainText('File too large');
  await expect(toastEl(page)).toContainText('Maximum file size is 5MB');
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);

  // A picked file can be cleared before upload.
  await fileInput.setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(dialog.getByText('first.png')).toBeVisible();
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expect(dialog.getByText('first.png')).toHaveCount(0);
  await expect(fileInput).toHaveValue('');

  // Named and labelled as a PNG, but the bytes are text: the server sniffs and refuses it.
  await fileInput.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a png'),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toastEl(page)).toContainText('Upload failed');
  await expect(dialog.getByLabel('Image URL')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Clear' }).click();

  await fileInput.setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: pngBytes(16, 9) });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toastEl(page)).toContainText('Upload successful');
  const progress = dialog.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  const url = dialog.getByLabel('Image URL');
  await expect(url).toHaveValue(/^\/uploads\/.+/);
  await expect(dialog.getByRole('img', { name: 'Asset preview' })).toBeVisible();

  await dialog.getByLabel('Title').fill('River poster');
  await dialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(toastEl(page)).toContainText('Asset created');
  const img = row.getByRole('img', { name: 'River poster' });
  await expect(img).toHaveAttribute('src', /^\/uploads\//);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(16);
  // Image assets offer the six image platforms (desktop shows them all).
  await expect(row.getByTestId('asset-card').getByRole('link')).toHaveCount(6);
});

test('an image fetched from a URL; an empty URL and a failing URL say so', async ({
  page,
  request,
  signedIn,
}) => {
  const server = await serveBytes(pngBytes(12, 12, [20, 160, 60]));
  try {
    await seedCampaign(request, signedIn, { name: 'Fetch Campaign' });
    const { row, dialog } = await openAddAsset(page, 'Fetch Campaign');
    await dialog.getByRole('button', { name: 'Fetch from URL' }).click();
    await expect(toastEl(page)).toContainText('Please enter a URL to download');

    await dialog.getByLabel('Image URL').fill('http://127.0.0.1:1/nothing-listens-here.png');
    await dialog.getByRole('button', { name: 'Fetch from URL' }).click();
    await expect(toastEl(page)).toContainText('Download failed');

    await dialog.getByLabel('Image URL').fill(server.url);
    await dialog.getByRole('button', { name: 'Fetch from URL' }).click();
    await expect(toastEl(page)).toContainText('Success');
    await expect(toastEl(page)).toContainText('Image downloaded successfully');
    // The field now holds our own stored copy, not the remote address.
    await expect(dialog.getByLabel('Image URL')).toHaveValue(/^\/uploads\/.+/);

    await dialog.getByLabel('Title').fill('Fetched poster');
    await dialog.getByRole('button', { name: 'Create Asset' }).click();
    await expect(toastEl(page)).toContainText('Asset created');
    const img = row.getByRole('img', { name: 'Fetched poster' });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(12);
  } finally {
    await server.close();
  }
});

test('a video asset by URL plays in a real video element', async ({ page, request, signedIn }) => {
  await seedCampaign(request, signedIn, { name: 'Video Campaign' });
  const { row, dialog } = await openAddAsset(page, 'Video Campaign');
  await dialog.getByLabel('Asset type').selectOption('video');
  await expect(dialog.getByLabel('Upload a file')).toHaveAttribute('accept', 'video/*');
  await dialog.getByLabel('Title').fill('River film');
  await dialog.getByLabel('Video URL').fill('not a url');
  await dialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(
    dialog.getByText('Content must be an http(s) URL or an uploaded file for image and video assets'),
  ).toBeVisible();
  await dialog.getByLabel('Video URL').fill('https://cdn.example.org/river.mp4');
  await dialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(toastEl(page)).toContainText('Asset created');
  const video = row.locator('video');
  await expect(video).toHaveAttribute('controls', '');
  await expect(video).toHaveAttribute('src', 'https://cdn.example.org/river.mp4');
  const card = row.getByTestId('asset-card');
  await expect(card.getByRole('link')).toHaveText([
    'Instagram Story',
    'X',
    'Facebook',
    'YouTube',
    'WhatsApp',
    'TikTok',
  ]);
});

test('a YouTube link as a video is refused when saved, saying what works, with no dead player', async ({
  page,
  request,
  signedIn,
}) => {
  const campaign = await seedCampaign(request, signedIn, { name: 'YouTube Campaign' });
  const { row, dialog } = await openAddAsset(page, 'YouTube Campaign');
  await dialog.getByLabel('Asset type').selectOption('video');
  await dialog.getByLabel('Title').fill('Our film');
  await dialog.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await expect(dialog.locator('video')).toHaveCount(0);
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/assets')) posted++;
  });
  await dialog.getByRole('button', { name: 'Create Asset' }).click();
  const refusal =
    'A YouTube link is a web page, not a file: it cannot play on the supporter page. Upload the video file (MP4, WebM or MOV) or link straight to it; to share the YouTube video itself, add a text asset with its link.';
  await expect(dialog.getByText(refusal)).toBeVisible();
  await expect(dialog.getByLabel('Video URL')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(0);
  // The server refuses it as well, for a caller that skips the form.
  const direct = await request.post('/api/assets', {
    headers: { authorization: `Bearer ${signedIn.token}` },
    data: {
      title: 'Our film',
      type: 'video',
      content: 'https://youtu.be/dQw4w9WgXcQ',
      campaignId: campaign.id,
    },
  });
  expect(direct.status()).toBe(400);

  // What the message says works: the page's link in a text asset.
  await dialog.getByLabel('Asset type').selectOption('text');
  await dialog.getByLabel('Content').fill('Watch our film: https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await dialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(toastEl(page)).toContainText('Asset created');
  await expect(row.locator('video')).toHaveCount(0);
  await expect(row.getByTestId('asset-card').getByText('Watch our film:')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('an asset card shows two platforms and the rest in an overflow menu', async ({
    page,
    request,
    signedIn,
  }) => {
    const c = await seedCampaign(request, signedIn, { name: 'Mobile Campaign' });
    const res = await request.post('/api/assets', {
      headers: { authorization: `Bearer ${signedIn.token}` },
      data: { title: 'Phone text', type: 'text', content: 'Hello phones', campaignId: c.id },
    });
    expect(res.status()).toBe(201);
    await page.goto('/');
    const card = page.getByTestId('asset-card');
    await expect(card.getByRole('link')).toHaveText(['X', 'Facebook']);
    await card.getByRole('button', { name: 'More platforms' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['LinkedIn', 'WhatsApp']);
  });
});
