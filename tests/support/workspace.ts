import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { endOfMonth, endOfWeek, format } from 'date-fns';
import { type Account, api } from './fixtures.ts';

// Seeding helpers for the organisation workspace specs: campaigns and assets go in
// through the API as the account's own user (supporter.ts builds a whole supporter
// campaign from these).

export interface SeededCampaign {
  id: number;
  name: string;
  description: string | null;
  organizationId: number;
  createdAt: string;
}

export interface SeededAsset {
  id: number;
  title: string;
  type: 'image' | 'video' | 'text';
  content: string;
  campaignId: number;
}

/** Campaigns seeded live that wait for their first asset to be published. */
const publishOnFirstAsset = new Set<number>();

/**
 * A live campaign of the account, made as staff make one: a campaign is never live
 * without an asset, so it is a draft until its first seedAsset publishes it (that
 * first asset must be publishable: text, or an image or video with words).
 */
export async function seedCampaign(
  request: APIRequestContext,
  account: Account,
  data: { name: string; description?: string },
): Promise<SeededCampaign> {
  const res = await api(request, account.token).post('/api/campaigns', {
    status: 'draft',
    organizationId: account.orgId,
    ...data,
  });
  expect(res.status(), await res.text()).toBe(201);
  const campaign: SeededCampaign = await res.json();
  publishOnFirstAsset.add(campaign.id);
  return campaign;
}

export async function seedAsset(
  request: APIRequestContext,
  account: Account,
  campaign: { id: number },
  data: {
    title: string;
    type?: 'image' | 'video' | 'text';
    content?: string;
    description?: string;
    shareText?: string;
  },
): Promise<SeededAsset> {
  const res = await api(request, account.token).post('/api/assets', {
    type: 'text',
    content: `Text of ${data.title}`,
    ...data,
    campaignId: campaign.id,
    organizationId: account.orgId,
  });
  expect(res.status(), await res.text()).toBe(201);
  if (publishOnFirstAsset.delete(campaign.id)) {
    const live = await api(request, account.token).put(`/api/campaigns/${campaign.id}`, { status: 'active' });
    expect(live.status(), `publishing on its first asset: ${await live.text()}`).toBe(200);
  }
  return res.json();
}

/** A loopback HTTP server answering every path with `body` (the e2e server allows private fetches). */
export async function serveBytes(
  body: Buffer,
  contentType = 'image/png',
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/poster.png`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The dashboard row of a campaign (its header button carries the name). */
export function campaignRow(page: Page, name: string | RegExp) {
  return page.getByTestId('campaign-row').filter({ has: page.getByRole('button', { name }) });
}

/** The toggle button heading a campaign row. */
export function rowToggle(page: Page, name: string) {
  return page.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) });
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The visible toast (one at a time). */
export const toastEl = (page: Page) => page.getByTestId('toast').filter({ visible: true });

/**
 * Selects a day in the calendar's month view. A day past this month's grid (tomorrow, on a
 * Saturday that ends a month) is reached through 'Next month' first.
 */
export async function pickCalendarDay(page: Page, day: Date) {
  if (day > endOfWeek(endOfMonth(new Date()))) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await page.getByRole('button', { name: format(day, 'EEEE, MMMM d, yyyy') }).click();
}
