import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/test-app.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { scheduleShare, visitorCookie } from '../../test/visitor.ts';

// GET /api/supporter/campaigns/:id/scheduled: a supporter's scheduled shares come back
// after a reload, by their signed visitor cookie, and only theirs.

const t = appPerFile();

const visitor = (campaignId: number) => visitorCookie(t.app, campaignId);

describe('a visitor scheduled shares', () => {
  it("answers the visitor's own pending shares with their words, zone and link code", async () => {
    const org = await seedOrganization(t.database.db);
    const { campaignId, assetIds } = await seedCampaign(t.database.db, {
      organizationId: org,
      assets: [
        { title: 'Poster', type: 'image', content: 'https://example.org/p.png' },
        { title: 'Words', type: 'text', content: 'Write today' },
      ],
    });
    const me = await visitor(campaignId);
    const other = await visitor(campaignId);
    const schedule = (cookie: string, assetId: number, h: number, extra: Record<string, unknown> = {}) =>
      scheduleShare(
        t.app,
        cookie,
        { assetId, campaignId, organizationId: org, inHours: h, platform: 'bluesky' },
        extra,
      );
    const later = await schedule(me, assetIds[1], 48, {
      text: 'I care\n\nWrite today',
      timeZone: 'Europe/Paris',
      ref: 'schedRef00001',
    });
    expect(later.statusCode, later.body).toBe(201);
    expect((await schedule(me, assetIds[0], 24)).statusCode).toBe(201);
    expect((await schedule(other, assetIds[0], 12)).statusCode).toBe(201);
    // The reminder asked for it (kept until sent): a reschedule starts from its address.
    await t.database.db
      .insertInto('reminders')
      .values({
        shareId: later.json().id,
        organizationId: org,
        dueAt: later.json().scheduledFor,
        email: 'ada@example.org',
        emailKey: 'key-of-ada',
        pushSubscription: '{"endpoint":"https://push.example.org/x"}',
        origin: 'https://rally.example.org',
        createdAt: new Date().toISOString(),
      })
      .execute();

    const res = await t.app.inject({
      url: `/api/supporter/campaigns/${campaignId}/scheduled`,
      headers: { cookie: me },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json();
    expect(list.map((s: { assetId: number }) => s.assetId)).toEqual([assetIds[0], assetIds[1]]);
    expect(list[1]).toMatchObject({
      platform: 'bluesky',
      text: 'I care\n\nWrite today',
      timeZone: 'Europe/Paris',
      ref: 'schedRef00001',
      reminder: { email: 'ada@example.org', browser: true },
    });
    expect(list[0].reminder).toBeNull();

    // No cookie, a made-up id or an unsigned one: nothing (ids are not secrets).
    const bare = me.split('.')[0];
    for (const headers of [
      {},
      { cookie: 'rally_sid=AAAAAAAAAAAAAAAAAAAAAAAA.forgedtagforgedtagfor' },
      { cookie: bare },
    ]) {
      const anon = await t.app.inject({ url: `/api/supporter/campaigns/${campaignId}/scheduled`, headers });
      expect(anon.statusCode).toBe(200);
      expect(anon.json()).toEqual([]);
    }
  });

  it("a reschedule retires the visitor's own earlier share, never another visitor's", async () => {
    const org = await seedOrganization(t.database.db);
    const { campaignId, assetIds } = await seedCampaign(t.database.db, {
      organizationId: org,
      assets: [{ title: 'Poster', type: 'image', content: 'https://example.org/p.png' }],
    });
    const me = await visitor(campaignId);
    const other = await visitor(campaignId);
    const schedule = (cookie: string, h: number, replaces?: number) =>
      scheduleShare(
        t.app,
        cookie,
        { assetId: assetIds[0], campaignId, organizationId: org, inHours: h },
        replaces ? { replaces } : {},
      );
    const first = (await schedule(me, 10)).json();
    // Another visitor naming my share does not touch it.
    expect((await schedule(other, 11, first.id)).statusCode).toBe(201);
    const list = async (cookie: string) =>
      (
        await t.app.inject({ url: `/api/supporter/campaigns/${campaignId}/scheduled`, headers: { cookie } })
      ).json();
    expect((await list(me)).map((s: { id: number }) => s.id)).toEqual([first.id]);
    const second = (await schedule(me, 20, first.id)).json();
    expect((await list(me)).map((s: { id: number }) => s.id)).toEqual([second.id]);
    const row = await t.database.db
      .selectFrom('shares')
      .select('status')
      .where('id', '=', first.id)
      .executeTakeFirst();
    expect(row?.status).toBe('rescheduled');
  });

  it('refuses an unknown zone and answers 404 for a missing campaign', async () => {
    const org = await seedOrganization(t.database.db);
    const { campaignId, assetIds } = await seedCampaign(t.database.db, {
      organizationId: org,
      assets: [{ title: 'Poster', type: 'image', content: 'https://example.org/p.png' }],
    });
    const bad = await scheduleShare(
      t.app,
      await visitor(campaignId),
      { assetId: assetIds[0], campaignId, organizationId: org, inHours: 5 },
      { timeZone: 'Mars/Olympus_Mons' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      {
        path: 'timeZone',
        message: 'Unknown time zone (use an IANA name such as Europe/Paris or UTC)',
        rule: 'invalid',
      },
    ]);
    const missing = await t.app.inject({ url: '/api/supporter/campaigns/999999/scheduled' });
    expect(missing.statusCode).toBe(404);
  });
});
