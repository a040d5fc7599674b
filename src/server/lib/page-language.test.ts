import { describe, expect, it } from 'vitest';
import { appPerFile } from '../test/test-app.ts';

// Pages that belong to no campaign (a mail link's page, the workspace's shell) are in the
// reader's language: the remembered choice (rally_lang), then ?lang=, then the browser's.
const t = appPerFile();
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the language of a page without a campaign', () => {
  it('follows Accept-Language, with <html lang dir>', async () => {
    const es = await get('/unsubscribe/not-a-token', { 'accept-language': 'es-MX,en;q=0.5' });
    expect(es.statusCode).toBe(404);
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain('Este enlace para darse de baja no es válido');
    const ar = await get('/my-data/not-a-token', { 'accept-language': 'ar' });
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    expect(ar.body).toContain('لم يعد هذا الرابط يعمل');
  });

  it('takes the remembered choice over ?lang=, and ?lang= over the header', async () => {
    const chosen = await get('/unsubscribe/x?lang=fr', { cookie: 'rally_lang=de', 'accept-language': 'es' });
    expect(chosen.body).toContain('Dieser Abmeldelink ist ungültig');
    const query = await get('/unsubscribe/x?lang=fr', { 'accept-language': 'es' });
    expect(query.body).toContain('Ce lien de désabonnement n’est pas valide');
  });

  it('is English for no header, a language Rally does not speak, or a malformed one', async () => {
    for (const header of [undefined, 'zh-Hant', 'en;q=2, ;;;']) {
      const res = await get('/unsubscribe/x', header ? { 'accept-language': header } : {});
      expect(res.body).toContain('<html lang="en">');
      expect(res.body).toContain('This unsubscribe link is not valid');
    }
  });

  it('serves the workspace shell in the language, varying on the header and cookie', async () => {
    const res = await get('/dashboard', { 'accept-language': 'pt-BR' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });
});
