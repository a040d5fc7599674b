import { expect, test } from '../support/fixtures.ts';

// Every validation message on the login, register and onboarding forms,
// each shown under its own field (aria-describedby points at it).

async function expectFieldError(
  scope: import('@playwright/test').Locator,
  label: string,
  message: string,
  exact = false,
) {
  const field = scope.getByLabel(label, { exact });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(scope.getByText(message, { exact: true }).first()).toBeVisible();
}

test('login form messages', async ({ page }) => {
  let posted = false;
  await page.route('**/api/login', (route) => {
    posted = true;
    return route.continue();
  });
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('button', { name: 'Login' }).click();
  await expectFieldError(form, 'Username', 'Username must be at least 3 characters');
  await expectFieldError(form, 'Password', 'Password must be at least 6 characters');
  await form.getByLabel('Username').fill('ab');
  await form.getByLabel('Password').fill('12345');
  await form.getByRole('button', { name: 'Login' }).click();
  await expectFieldError(form, 'Username', 'Username must be at least 3 characters');
  await expectFieldError(form, 'Password', 'Password must be at least 6 characters');
  expect(posted).toBe(false);
});

test('register form messages', async ({ page }) => {
  let posted = false;
  await page.route('**/api/register', (route) => {
    posted = true;
    return route.continue();
  });
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill('ab');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Password', { exact: true }).fill('12345');
  await form.getByLabel('Confirm Password').fill('54321');
  await form.getByRole('button', { name: 'Register' }).click();
  await expectFieldError(form, 'Username', 'Username must be at least 3 characters');
  await expectFieldError(form, 'Email', 'Please enter a valid email address');
  await expectFieldError(form, 'Password', 'Password must be at least 6 characters', true);
  await expectFieldError(form, 'Confirm Password', 'Passwords do not match');

  // Valid lengths but a mismatch: only confirmPassword complains.
  await form.getByLabel('Username').fill('validname');
  await form.getByLabel('Email').fill('valid@example.org');
  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Confirm Password').fill('secret124');
  await form.getByRole('button', { name: 'Register' }).click();
  await expectFieldError(form, 'Confirm Password', 'Passwords do not match');
  await expect(form.getByText('Username must be at least 3 characters')).toHaveCount(0);
  await expect(form.getByLabel('Username')).not.toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(false);
});

test('register sends no confirmPassword', async ({ page }) => {
  const bodies: unknown[] = [];
  await page.route('**/api/register', async (route) => {
    bodies.push(route.request().postDataJSON());
    await route.continue();
  });
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  const name = `nocf${Date.now().toString(36)}`;
  await form.getByLabel('Username').fill(name);
  await form.getByLabel('Email').fill(`${name}@example.org`);
  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Confirm Password').fill('secret123');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(bodies).toEqual([{ username: name, email: `${name}@example.org`, password: 'secret123' }]);
});

test('onboarding form messages', async ({ page, request }) => {
  const name = `onbv${Date.now().toString(36)}`;
  const reg = await request.post('/api/register', {
    data: { username: name, email: `${name}@example.org`, password: 'secret123' },
  });
  const { token } = await reg.json();
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
  await page.goto('/onboarding');
  const form = page.getByRole('form', { name: 'Create organization' });
  await form.getByRole('button', { name: 'Create Organization' }).click();
  await expectFieldError(form, 'Organization Name', 'Organization name must be at least 3 characters');
  await expectFieldError(form, 'Username', 'Username must be at least 3 characters');
  await form.getByLabel('Organization Name').fill('ab');
  await form.getByLabel('Username').fill('has spaces!');
  await form.getByRole('button', { name: 'Create Organization' }).click();
  await expectFieldError(form, 'Organization Name', 'Organization name must be at least 3 characters');
  await expectFieldError(
    form,
    'Username',
    'Username can only contain letters, numbers, underscores, and hyphens',
  );
  // The help text stays, and the description is optional.
  await expect(form.getByLabel('Username')).toHaveAccessibleDescription(/must be unique/);
  await expect(form.getByLabel('Description (optional)')).not.toHaveAttribute('aria-invalid', 'true');
});
