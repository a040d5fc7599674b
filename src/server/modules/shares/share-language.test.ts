import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/locales.ts';
import { storedShare } from '../../test/db-rows.ts';
import { appPerFile, json } from '../../test/test-app.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { scheduleShare, visitorCookie } from '../../test/visitor.ts';

// The language a share was made in (docs/api.md "Languages"): POST /api/shares and
// /api/shares/schedule take `language`, one of the six locales spelled as LOCALES has
// them; the share stores it (null when not sent), a scheduled share keeps it, and the
// share posted from a scheduled one has the language it was scheduled in.

const t = appPerFile();
let ids: { assetId: number; campaignId: number; organizationId: number };
let address = 0;
const nextAddress = () => `10.8.0.${++address}`;

beforeAll(async () => {
  const organizationId = await seedOrganization(t.database.db, 'Languages');
  const c = await seedCampaign(t.database.db, {
    organizationId,
    assets: [{ title: 'Rivers', type: 'text', content: 'Rivers need us' }],
  });
  ids = { assetId: c.assetIds[0], campaignId: c.campaignId, organizationId };
});

const logShare = (fields: Record<string, unknown>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shares',
    remoteAddress: nextAddress(),
    headers: cookie ? { cookie } : {},
    payload: { ...ids, platform: 'twitter', ...fields },
  });

describe('a share in a language', () => {
  it('stores each of the six locales, and null when none is sent', async () => {
    for (const language of LOCALES) {
      const res = await logShare({ language });
      expect(res.statusCode, res.body).toBe(201);
      expect((await storedShare(t.database.db, json(res).id)).language).toBe(language);
    }
    const none = await logShare({});
    expect((await storedShare(t.database.db, json(none).id)).language).toBeNull();
  });

  it('refuses anything that is not a locale as spelled in LOCALES: 400 VALIDATION_FAILED on language', async () => {
    const cookie = await visitorCookie(t.app, ids.campaignId);
    for (const language of ['xx', 'ES', 'pt-br', 'es-MX', 'english', '', 12, null]) {
      for (const res of [
        await logShare({ language }),
        await scheduleShare(t.app, cookie, { ...ids, inHours: 2 }, { language }),
      ]) {
        expect(res.statusCode, `${JSON.stringify(language)} ${res.body}`).toBe(400);
        const body = json(res);
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(body.errors.map((e: { path: string }) => e.path)).toContain('language');
        expect(JSON.stringify(body)).toContain('language must be one of en, es, fr, de, pt-BR, ar');
      }
    }
  });

  it('keeps the language of a scheduled share, and the share posted from it is in that language', async () => {
    const cookie = await visitorCookie(t.app, ids.campaignId);
    const scheduled = await scheduleShare(t.app, cookie, { ...ids, inHours: 3 }, { language: 'ar' });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const plan = json(scheduled);
    expect((await storedShare(t.database.db, plan.id)).language).toBe('ar');
    // Posted from its reminder on a page now in French: the words are the Arabic ones chosen then.
    const posted = await logShare({ scheduledShareId: plan.id, language: 'fr' }, cookie);
    expect(posted.statusCode, posted.body).toBe(201);
    const share = await storedShare(t.database.db, json(posted).id);
    expect(share).toMatchObject({ status: 'shared', language: 'ar' });
    expect(share.id).not.toBe(plan.id);
  });
});
