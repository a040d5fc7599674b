import { describe, expect, it } from 'vitest';
import { DEFAULT_POSTER_LINE } from '#shared/poster-text.ts';
import { loadPdf, pdfPageText } from '../../../../tests/support/qr-files.ts';
import { appPerFile, bearer, signUp } from '../../test/test-app.ts';
import { createCampaign } from '../../test/seed-api.ts';
import { POSTER_URL_CAPTION } from './poster.ts';
import { posterWords } from './poster-words.ts';

// The poster's own words in its language (docs/api.md "Languages"): `?lang=`, else the
// campaign's default; English words stay exactly as they were.

const PUBLIC_URL = 'https://rally.example.org';
const t = appPerFile({ PUBLIC_URL });

const posterText = async (id: number, token: string, query = '') => {
  const res = await t.app.inject({ url: `/api/campaigns/${id}/poster.pdf${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return pdfPageText(await loadPdf(res.rawPayload));
};

describe("the poster's fixed words", () => {
  it('are in the language of ?lang=, else the campaign default, and English as before', async () => {
    const a = await signUp(t.app);
    const campaign = await createCampaign(t.app, a.token, {
      name: 'Ríos limpios',
      description: undefined,
      defaultLanguage: 'en',
      languages: ['en', 'es', 'de'],
    });
    const path = `${PUBLIC_URL.replace('https://', '')}/supporter/${campaign.id}`;
    expect((await posterText(campaign.id, a.token)).slice(2)).toEqual([
      DEFAULT_POSTER_LINE,
      POSTER_URL_CAPTION,
      path,
    ]);
    expect((await posterText(campaign.id, a.token, '?lang=es')).slice(2)).toEqual([
      'Escanee para compartir',
      'Escanee el código o visite',
      `${path}?lang=es`,
    ]);
    expect((await posterText(campaign.id, a.token, '?lang=de')).slice(3, 4)).toEqual([
      'Scannen Sie den Code oder öffnen Sie',
    ]);
    // A line given, or the campaign's description, is printed as written in any language.
    expect((await posterText(campaign.id, a.token, '?lang=es&line=Hola'))[2]).toBe('Hola');

    const french = await createCampaign(t.app, a.token, {
      description: undefined,
      defaultLanguage: 'fr',
      languages: ['fr'],
    });
    expect((await posterText(french.id, a.token)).slice(2, 4)).toEqual([
      'Scannez pour partager',
      'Scannez le code ou rendez-vous sur',
    ]);
  });

  it('are in every language, Arabic included (set in the embedded Arabic font)', () => {
    expect(posterWords('ar')).toEqual({ caption: 'امسح الرمز أو انتقل إلى', line: 'امسح للمشاركة' });
    expect(posterWords('pt-BR')).toEqual({
      caption: 'Escaneie o código ou acesse',
      line: 'Escaneie para compartilhar',
    });
    expect(posterWords('en')).toEqual({ caption: 'Scan the code or go to', line: 'Scan to share' });
  });
});
