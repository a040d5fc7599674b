import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { assetHeadline, trackedUrl } from '#shared/share-links.ts';
import { UTM_DEFAULT_MEDIUM, utmSlug, withUtm } from '#shared/utm.ts';
import { type Account, api, createAccount } from './fixtures.ts';
import { pngBytes } from './png.ts';
import { seedAsset, seedCampaign } from './workspace.ts';

// Seeding and browser stubs for the supporter page specs.

export interface SeededSupporterAsset {
  id: number;
  /** Internal: staff screens show it, supporters never see it. */
  title: string;
  /** What the supporter page names the asset by (assetHeadline: its public words on one line). */
  label: string;
  type: 'image' | 'video' | 'text';
  content: string;
  /** The uploaded bytes, for image assets. */
  bytes?: Buffer;
  shareText?: string;
}

export interface SeededSupporterCampaign {
  account: Account;
  campaignId: number;
  name: string;
  description: string;
  assets: SeededSupporterAsset[];
}

export async function uploadFile(
  request: APIRequestContext,
  token: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const res = await request.post('/api/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).file.url as string;
}

export type AssetSeed =
  | {
      type: 'image';
      title: string;
      description?: string;
      color?: [number, number, number];
      shareText?: string;
    }
  | { type: 'text'; title: string; content: string; description?: string }
  | { type: 'video'; title: string; content: string; description?: string; shareText?: string };

/**
 * A new organisation with one active campaign and the given assets (images uploaded),
 * what a supporter opens: made through the API with workspace.ts's seeders.
 */
export async function seedSupporterCampaign(
  request: APIRequestContext,
  opts: { name?: string; description?: string; assets?: AssetSeed[] } = {},
): Promise<SeededSupporterCampaign> {
  const account = await createAccount(request);
  const name = opts.name ?? `Clean Rivers ${account.username.slice(-6)}`;
  const description = opts.description ?? 'Help us keep every river swimmable by 2030.';
  const { id: campaignId } = await seedCampaign(request, account, { name, description });

  const seeds: AssetSeed[] = opts.assets ?? [
    { type: 'image', title: 'River poster', description: 'A poster of the river', color: [30, 120, 200] },
    { type: 'text', title: 'Call to action', content: 'Write to your council today: rivers need us!' },
  ];
  const assets: SeededSupporterAsset[] = [];
  for (const [i, s] of seeds.entries()) {
    let content: string;
    let bytes: Buffer | undefined;
    if (s.type === 'image') {
      bytes = pngBytes(320, 180, s.color ?? [20 * i, 100, 160]);
      content = await uploadFile(request, account.token, {
        name: `asset-${i}.png`,
        mimeType: 'image/png',
        buffer: bytes,
      });
    } else {
      content = s.content;
    }
    const shareText = 'shareText' in s ? s.shareText : undefined;
    const { id } = await seedAsset(
      request,
      account,
      { id: campaignId },
      {
        title: s.title,
        description: s.description,
        type: s.type,
        content,
        ...(shareText ? { shareText } : {}),
      },
    );
    const label = assetHeadline(
      { type: s.type, content, shareText, description: s.description },
      { name, description },
    );
    assets.push({ id, title: s.title, label, type: s.type, content, bytes, shareText });
  }
  return { account, campaignId, name, description, assets };
}

/**
 * The link a share of `assetId` to `platform` carries, as the page builds it: the
 * supporter page with the share's ref and the asset, and the campaign's UTM tags (on by
 * default: the platform, `social`, the slug of the campaign name).
 */
export function trackedLink(
  page: Page,
  seeded: Pick<SeededSupporterCampaign, 'campaignId' | 'name'>,
  share: { ref: string; assetId: number; platform: string },
): string {
  const link = trackedUrl(new URL(page.url()).origin, seeded.campaignId, share.ref, share.assetId);
  return withUtm(link, { medium: UTM_DEFAULT_MEDIUM, campaign: utmSlug(seeded.name) }, share.platform);
}

export async function campaignStats(request: APIRequestContext, seeded: SeededSupporterCampaign) {
  const res = await api(request, seeded.account.token).get(`/api/campaigns/${seeded.campaignId}/stats`);
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    totalShares: number;
    openedIntents: number;
    preparedPosts: number;
    uniqueSupporters: number;
    clickThroughs: number;
    platformBreakdown: Record<string, number>;
    openedBreakdown: Record<string, number>;
    preparedBreakdown: Record<string, number>;
  };
}

/** Calls to window.open, fetch and the share sheet, in order, so a spec can tell which came first. */
export interface RecordedCall {
  kind: 'open' | 'fetch' | 'share';
  url?: string;
  method?: string;
  body?: string;
  features?: string;
  files?: { name: string; type: string; size: number }[];
  text?: string;
  title?: string;
}

/**
 * Stubs window.open (returns a fake window, or null with `blockPopups`) and records
 * fetch calls. With `webShare`, navigator.canShare/share accept files and record them
 * (`'cancel'`: the supporter closes the sheet, which rejects with an AbortError); with
 * `webShare: false` they are removed, so the app takes the fallback. Native dialogs
 * (alert, confirm) are left alone: a spec sees them with `nativeDialogs`.
 */
export async function installShareRecorder(
  page: Page,
  opts: { blockPopups?: boolean; webShare?: boolean | 'cancel' } = {},
): Promise<void> {
  await page.addInitScript((o) => {
    const calls: unknown[] = [];
    (window as unknown as { __calls: unknown[] }).__calls = calls;
    window.open = ((url?: string | URL, _target?: string, features?: string) => {
      calls.push({ kind: 'open', url: String(url), features });
      return o.blockPopups
        ? null
        : ({ closed: false, opener: window, close() {}, focus() {} } as unknown as Window);
    }) as typeof window.open;
    const realFetch = window.fetch.bind(window);
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push({
        kind: 'fetch',
        url,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? init.body : undefined,
      });
      return realFetch(input, init);
    }) as typeof window.fetch;
    if (o.webShare === true || o.webShare === 'cancel') {
      navigator.canShare = (data?: ShareData) => Boolean(data?.files?.length);
      navigator.share = async (data?: ShareData) => {
        calls.push({
          kind: 'share',
          text: data?.text,
          title: data?.title,
          files: (data?.files ?? []).map((f) => ({
            name: f.name,
            type: f.type,
            size: f.size,
            isFile: f instanceof File,
          })),
        });
        if (o.webShare === 'cancel') throw new DOMException('Share canceled', 'AbortError');
      };
    } else if (o.webShare === false) {
      Object.defineProperty(navigator, 'canShare', { value: undefined, configurable: true });
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    }
  }, opts);
}

/**
 * The messages of the native dialogs (alert, confirm, prompt) the page opens from now
 * on, each dismissed: a spec expects none, since the page says everything in its own UI.
 */
export function nativeDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

export const recordedCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __calls: RecordedCall[] }).__calls.slice());

export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  userAgent:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
};

export const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** In an open schedule dialog, picks the 15th of next month (always ahead, one click away). */
/**
 * On a phone: picks the asset in the personal touch, inserts the 'Join Me' message and
 * opens the schedule dialog with it; answers the message.
 */
export async function scheduleWithJoinMe(
  page: Page,
  campaignName: string,
  assetLabel: string,
): Promise<string> {
  const touch = page.getByRole('region', { name: 'Add Your Personal Touch' });
  await touch.getByLabel('Asset to share').selectOption({ label: assetLabel });
  await touch.getByRole('button', { name: 'Join Me' }).tap();
  await touch.getByRole('button', { name: 'Schedule a Share' }).tap();
  return `Join me in supporting ${campaignName}! Take a minute to read this and pass it on:`;
}

export async function pickNextMonthDay(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Go to the Next Month' }).click();
  // In the browser's time zone, which is what the picker shows.
  const iso = await page.evaluate(() => {
    const n = new Date();
    const d = new Date(n.getFullYear(), n.getMonth() + 1, 15);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-15`;
  });
  await dialog.locator(`[data-day="${iso}"] button`).click();
}

/** Unfold RFC 5545 lines and read one property's value. */
export function icsProp(ics: string, name: string): string | undefined {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  return unfolded
    .split(/\r?\n/)
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
    ?.replace(/^[^:]+:/, '');
}

/**
 * The text Copy Text put on the clipboard, after checking the tracked link it ends with
 * (a blank line, then the asset's link with a ref and the copy source).
 */
export async function copiedText(page: Page, assetId: number): Promise<string> {
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const cut = copied.lastIndexOf('\n\n');
  expect(cut, copied).toBeGreaterThan(0);
  const link = new URL(copied.slice(cut + 2));
  expect(link.searchParams.get('a')).toBe(String(assetId));
  expect(link.searchParams.get('ref')).toBeTruthy();
  expect(link.searchParams.get('utm_source')).toBe('copy');
  return copied.slice(0, cut);
}

/** A WhatsApp tap in an asset's Quick Share: a share logged as an opened window. */
export async function quickShare(page: Page, label: string) {
  const quick = page.getByRole('region', { name: `Quick Share ${label}` });
  await quick.getByRole('button', { name: 'WhatsApp', exact: true }).tap();
  await expect(page.getByTestId('toast')).toContainText('WhatsApp opened');
}
