import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

// Seed through the API and sign in by storing the token exactly as the app does
// (localStorage + cookie, as the app stores it): no UI clicks, no sleeps.

let seq = 0;
export const uniqueName = (prefix = 'user') =>
  `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${(seq++).toString(36)}`;

export interface Account {
  username: string;
  password: string;
  token: string;
  userId: number;
  orgId: number;
  orgName: string;
}

export async function createAccount(
  request: APIRequestContext,
  opts: { org?: boolean } = {},
): Promise<Account> {
  const username = uniqueName();
  const password = 'secret123';
  const reg = await request.post('/api/register', {
    data: { username, email: `${username}@example.org`, password },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const { token, id: userId } = await reg.json();
  let orgId = 0;
  const orgName = `Org ${username}`;
  if (opts.org !== false) {
    const org = await request.post('/api/organizations', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: orgName, username: `org-${username}` },
    });
    expect(org.status(), await org.text()).toBe(201);
    orgId = (await org.json()).id;
  }
  return { username, password, token, userId, orgId, orgName };
}

/** A request helper bound to an account's bearer token. */
export function api(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (url: string) => request.get(url, { headers }),
    post: (url: string, data?: unknown) => request.post(url, { headers, data }),
    put: (url: string, data?: unknown) => request.put(url, { headers, data }),
  };
}

export async function signInAs(page: Page, account: Account): Promise<void> {
  await page
    .context()
    .addCookies([{ name: 'token', value: account.token, url: test.info().project.use.baseURL as string }]);
  await page.addInitScript((token) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', token);
  }, account.token);
}

export const test = base.extend<{ account: Account; signedIn: Account }>({
  account: async ({ request }, use) => {
    await use(await createAccount(request));
  },
  signedIn: async ({ page, account }, use) => {
    await signInAs(page, account);
    await use(account);
  },
});

export { expect };
