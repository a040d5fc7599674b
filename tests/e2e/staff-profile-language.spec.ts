import { expect, test } from '../support/fixtures.ts';

// The member's profile language (docs/api.md "Languages"): chosen on the profile, saved
// with it, the workspace speaks it at once and on the next page; "Browser default" gives
// the page back to the browser's language (English here).

test('a profile language switches the workspace without a reload, and stays on the next page', async ({
  page,
  signedIn: _signedIn,
}) => {
  await page.goto('/profile');
  const select = page.getByLabel('Language');
  await expect(select).toHaveValue('');
  // The six by their own names, and the browser's.
  await expect(select.locator('option')).toHaveText([
    'Browser default',
    'English',
    'Español',
    'Français',
    'Deutsch',
    'Português (Brasil)',
    'العربية',
  ]);
  await select.selectOption('es');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  // No reload: the page switches in place.
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeVisible();

  // The next page the server sends is Spanish too, right to left for Arabic.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de la organización' })).toBeVisible();
  await page.goto('/profile');
  await page.getByLabel('Idioma').selectOption('ar');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الملف الشخصي' })).toBeVisible();

  // Browser default: back to the browser's language, on this page and the next.
  await page.getByLabel('اللغة').selectOption('');
  await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByLabel('Language')).toHaveValue('');
});
