import { expect, test, uniqueName } from '../support/fixtures.ts';

// Accounts: register -> onboarding -> dashboard, login good and bad, and the
// Debug Session button. Seeding goes through the API; no fixed sleeps.

const toast = (page: import('@playwright/test').Page) => page.getByTestId('toast');

test('register, create the organisation, land on the dashboard', async ({ page }) => {
  const username = uniqueName('reg');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.org`);
  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Confirm Password').fill('secret123');
  await form.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(toast(page)).toContainText('Registration successful');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'token')?.value).toBeTruthy();

  await expect(page.getByRole('heading', { name: 'Create your organization' })).toBeVisible();
  await expect(page.getByText('It must be unique')).toBeVisible();
  // Supporter links carry the campaign's number, not the username: the help does not claim otherwise.
  await expect(page.getByText(/used in your links/i)).toHaveCount(0);
  await page.getByLabel('Organization Name').fill('Clean Air Now');
  await page.getByLabel('Username').fill(`org-${username}`);
  await page.getByLabel('Description (optional)').fill('Cleaner air for every city');
  await page.getByRole('button', { name: 'Create Organization' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Organization Dashboard' })).toBeVisible();
  // The organisation is the caller's: the API now returns it.
  const org = await page.evaluate(async () => {
    const res = await fetch('/api/organization', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return res.json();
  });
  expect(org).toMatchObject({ name: 'Clean Air Now', username: `org-${username}` });
});

/** Sends the register form with `username` (and a valid rest); returns the form. */
async function registerAs(page: import('@playwright/test').Page, username: string) {
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill('someone@example.org');
  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Confirm Password').fill('secret123');
  await form.getByRole('button', { name: 'Register' }).click();
  return form;
}

test('a registration with a taken username shows the server message', async ({ page, account }) => {
  await registerAs(page, account.username);
  await expect(toast(page)).toContainText('Registration failed');
  await expect(toast(page)).toContainText('Username already exists');
  await expect(page).toHaveURL(/\/auth/);
});

test('a look-alike of a taken username shows the server message too', async ({ page, request }) => {
  const taken = `pool${uniqueName('')}`;
  const reg = await request.post('/api/register', {
    data: { username: taken, email: `${taken}@example.org`, password: 'secret123' },
  });
  expect(reg.status()).toBe(201);
  // Zeros for the o's: the form lets it through, the server's confusable skeleton does not.
  await registerAs(page, `P00L${taken.slice(4)}`);
  await expect(toast(page)).toContainText('Username already exists');
  await expect(page).toHaveURL(/\/auth/);
});

test('a username with an invisible character is refused with the reason', async ({ page }) => {
  const form = await registerAs(page, `sof\u00adt${uniqueName('')}`);
  await expect(form.getByText('Username cannot contain invisible or control characters')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('onboarding refuses a taken organisation username', async ({ page, request, account }) => {
  const fresh = uniqueName('onb');
  const reg = await request.post('/api/register', {
    data: { username: fresh, email: `${fresh}@example.org`, password: 'secret123' },
  });
  const { token } = await reg.json();
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
  await page.goto('/onboarding');
  await page.getByLabel('Organization Name').fill('Copycat');
  await page.getByLabel('Username').fill(`org-${account.username}`);
  await page.getByRole('button', { name: 'Create Organization' }).click();
  await expect(toast(page)).toContainText('Failed to create organization');
  await expect(toast(page)).toContainText('Organization username already exists');
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('onboarding sends a signed-out visitor to /auth', async ({ page }) => {
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-in user without an organisation is sent to onboarding', async ({ page, request }) => {
  const fresh = uniqueName('noorg');
  const reg = await request.post('/api/register', {
    data: { username: fresh, email: `${fresh}@example.org`, password: 'secret123' },
  });
  const { token } = await reg.json();
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
  await page.goto('/');
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('login with the right password goes to the dashboard', async ({ page, account }) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText('Login successful');
  await expect(toast(page)).toContainText(`Welcome back, ${account.username}!`);
  await expect(page.getByRole('heading', { name: 'Organization Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  // Signed in, /auth sends the user on.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
});

test('login with a wrong password shows Login failed and stays', async ({ page, account }) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password').fill('wrong-password');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page)).toContainText('Login failed');
  await expect(toast(page)).toContainText('Invalid username or password');
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('Debug Session reports the session state', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Debug Session' }).click();
  const details = page.getByRole('region', { name: 'Session details' });
  await expect(details).toContainText(/Authenticated\s*No/);
  await expect(details).toContainText(/Token stored\s*No/);
  await expect(toast(page)).toContainText('Not authenticated. Token stored: no.');

  // A stored token the server does not know: the panel shows both sides.
  await page.evaluate(() => localStorage.setItem('token', 'not-a-real-session-token'));
  await page.getByRole('button', { name: 'Debug Session' }).click();
  await expect(details).toContainText(/Token stored\s*Yes/);
  await expect(toast(page)).toContainText('Not authenticated. Token stored: yes.');
});

test('Debug Session shows an authenticated session', async ({ page, account }) => {
  // Only the auth-status call carries the session, so /auth itself stays on screen.
  await page.route('**/api/auth-status', async (route) => {
    const headers = { ...route.request().headers(), authorization: `Bearer ${account.token}` };
    await route.continue({ headers });
  });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Debug Session' }).click();
  await expect(page.getByRole('region', { name: 'Session details' })).toContainText(account.username);
  await expect(toast(page)).toContainText(`Authenticated as ${account.username}.`);
});

test('Debug Session failure says so', async ({ page }) => {
  // The page's first read (is DEV_TOOLS on?) goes through; the button's own check fails.
  let calls = 0;
  await page.route('**/api/auth-status', (route) => (++calls === 1 ? route.continue() : route.abort()));
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Debug Session' }).click();
  await expect(toast(page)).toContainText('Could not check authentication status');
});
