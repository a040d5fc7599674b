import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Account, api, uniqueName } from './fixtures.ts';
import { toastEl } from './workspace.ts';

// Seeding helpers for the team specs: invitations and members go in through the API.

/** An invitation made by `admin` through the API; `url` is the one-time link. */
export async function inviteViaApi(
  request: APIRequestContext,
  admin: Account,
  role: 'viewer' | 'editor' | 'admin',
  email = `${uniqueName('invitee')}@example.org`,
): Promise<{ id: number; url: string; token: string; email: string }> {
  const res = await api(request, admin.token).post('/api/organization/invitations', { email, role });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { ...body, token: new URL(body.url).pathname.split('/').at(-1) as string };
}

/** A fresh account that joins `admin`'s organisation with `role` (invitation + accept, both by API). */
export async function addMember(
  request: APIRequestContext,
  admin: Account,
  role: 'viewer' | 'editor' | 'admin',
): Promise<Account> {
  const { token: invite } = await inviteViaApi(request, admin, role);
  const username = uniqueName('member');
  const password = 'secret123';
  const reg = await request.post('/api/register', {
    data: { username, email: `${username}@example.org`, password },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const { token, id: userId } = await reg.json();
  const accept = await api(request, token).post(`/api/invitations/${invite}/accept`);
  expect(accept.status(), await accept.text()).toBe(200);
  return { username, password, token, userId, orgId: admin.orgId, orgName: admin.orgName };
}

/** Serious and critical axe findings on the page as it is now. */
export async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A call made from the page itself, with the session the app stored. */
export async function callFromPage(page: Page, method: string, url: string, data?: unknown) {
  return page.evaluate(
    async ({ method, url, data }) => {
      const token = localStorage.getItem('token');
      const res = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: data === undefined ? undefined : JSON.stringify(data),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, url, data },
  );
}

/**
 * Opens Settings > Notifications and turns the Weekly Digest on (it starts off),
 * waiting for "Settings saved": the switch, for what the spec checks next.
 */
export async function turnOnWeeklyDigest(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const digest = page.getByRole('switch', { name: 'Weekly Digest' });
  await expect(digest).not.toBeChecked();
  await digest.click();
  await expect(toastEl(page)).toContainText('Settings saved');
  return digest;
}
