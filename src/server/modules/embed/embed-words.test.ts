import { describe, expect, it } from 'vitest';
import { EMBED_PLATFORMS, EMBED_REASON } from '#shared/embed-card.ts';
import { sendJson, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';

// The embed card's own words, and what its script says, in the card's language
// (negotiated as the supporter page's: `?lang=` on the frame's address); English exactly
// as before.

const { t, a } = twoOrganizationsPerFile();

const embed = (path: string, headers: Record<string, string> = {}) => t.app.inject({ url: path, headers });

/** What the card hands its script beside its data: its language and its words. */
const speech = (html: string) =>
  JSON.parse(/<script type="application\/json" id="embed-card-words">(.*?)<\/script>/.exec(html)![1]);

async function campaignIn(languages: string[]) {
  const campaign = await createCampaign(t.app, a.token, { defaultLanguage: 'en', languages });
  await createAsset(t.app, a.token, campaign.id, { content: 'Rivers matter to us all' });
  return campaign;
}

describe("the embed card's words", () => {
  it('are Spanish for ?lang=es: the fixed lines, the notices and the status lines of its script', async () => {
    const campaign = await campaignIn(['en', 'es']);
    const res = await embed(`/embed/${campaign.id}?lang=es`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="es" dir="ltr">');
    expect(res.body).toContain('<h2 id="share-heading">Compártalo con un toque</h2>');
    expect(res.body).toContain('<span class="sr-only">Compartir en </span>X</a>');
    expect(res.body).toContain(
      'Ver la página completa de la campaña<span class="sr-only"> (se abre en una pestaña nueva)</span>',
    );
    expect(res.body).not.toContain('Share it with one tap');
    expect(res.body).not.toContain('See the full campaign page');
    const { language, words } = speech(res.body);
    expect(language).toBe('es');
    expect(Object.keys(words.platforms).sort()).toEqual([...EMBED_PLATFORMS].sort());
    expect(words.platforms.twitter).toEqual({
      logged: 'Se abrió X: termine allí su publicación. ¡Gracias por compartir!',
      notLogged: `Se abrió X, pero no se pudo registrar: ${EMBED_REASON}`,
      offline: 'Se abrió X, pero no se pudo registrar: compruebe su conexión.',
    });
    expect(words.platforms.email.logged).toBe(
      'Se abrió su aplicación de correo: termine allí su publicación. ¡Gracias por compartir!',
    );
    // The server's refusals are English: a Spanish card gives its own plain reason.
    expect(words).toMatchObject({ serverReasons: false, tryAgain: 'inténtelo de nuevo' });
  });

  it("are as before in English, where the script shows the server's own reason", async () => {
    const campaign = await campaignIn(['en', 'es']);
    const res = await embed(`/embed/${campaign.id}`, { 'accept-language': 'en' });
    expect(res.body).toContain('<h2 id="share-heading">Share it with one tap</h2>');
    expect(res.body).toContain('<span class="sr-only">Share on </span>X</a>');
    expect(res.body).toContain(
      'See the full campaign page<span class="sr-only"> (opens in a new tab)</span>',
    );
    const { language, words } = speech(res.body);
    expect(language).toBe('en');
    expect(words).toMatchObject({
      blocked: 'Your browser blocked the share window. Please allow pop-ups for this site and try again.',
      serverReasons: true,
      tryAgain: 'please try again',
      choiceFailed: 'Your choice could not be saved: please try again.',
      choiceOffline: 'Your choice could not be saved: please check your connection.',
    });
    expect(words.platforms.facebook).toEqual({
      logged: 'Facebook opened: finish your post there. Thank you for sharing!',
      notLogged: `Facebook opened, but it could not be recorded: ${EMBED_REASON}`,
      offline: 'Facebook opened, but it could not be recorded: please check your connection.',
    });
  });

  it('of a campaign with nothing to share, and of a paused one, are in its language', async () => {
    const empty = await createCampaign(t.app, a.token, {
      status: 'draft',
      defaultLanguage: 'fr',
      languages: ['fr'],
    });
    // Published without assets: only the database can make it (publishing needs one).
    await t.database.db
      .updateTable('campaigns')
      .set({ status: 'active' })
      .where('id', '=', empty.id)
      .execute();
    const none = await embed(`/embed/${empty.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('<h2>Rien à partager pour l’instant</h2><p>Revenez bientôt.</p>');
    const campaign = await campaignIn(['en', 'de']);
    await sendJson(t.app, 'PUT', `/api/campaigns/${campaign.id}`, { status: 'paused' }, a.token);
    const paused = await embed(`/embed/${campaign.id}?lang=de`);
    expect(paused.body).toContain('<html lang="de" dir="ltr">');
    expect(paused.body).toContain('<h2>Das Teilen ist vorerst pausiert</h2>');
    expect(paused.body).not.toContain('Sharing is paused for now');
    expect(paused.body).not.toContain('embed-card-words');
  });

  it('of an unknown campaign are in the request language', async () => {
    const res = await embed('/embed/999999', { 'accept-language': 'de' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="de" dir="ltr">');
    expect(res.body).toContain(
      '<h1>Kampagne nicht verfügbar</h1><p>Diese Kampagne kann hier nicht geteilt werden.</p>',
    );
    expect(res.headers.vary).toContain('Accept-Language');
    const english = await embed('/embed/999999');
    expect(english.body).toContain(
      '<h1>Campaign not available</h1><p>This campaign cannot be shared here.</p>',
    );
  });
});
