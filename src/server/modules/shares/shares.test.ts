import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedDate } from '#shared/campaign-lifecycle.ts';
import { clicksOfRef, storedShare } from '../../test/db-rows.ts';
import { bearer, createTestApp, errorMessages, signUp, type TestApp } from '../../test/test-app.ts';
import { clickThrough, supporterCookie, supporterIdOf } from '../../test/visitor.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { PUBLIC_SHARE_WRITES_PER_MINUTE } from './public-share-write.ts';

let t: TestApp;
let orgA: number;
let orgB: number;
let campA: number;
let assetA: number;
let assetA2: number;
let campB: number;
let assetB: number;

const future = (ms = 86_400_000) => new Date(Date.now() + ms).toISOString();
let address = 0;
/** Each test writes from its own address, so the per-address limit only bites where it is tested. */
const nextAddress = () => `10.0.0.${++address}`;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await seedOrganization(t.database.db, 'Org A');
  orgB = await seedOrganization(t.database.db, 'Org B');
  ({
    campaignId: campA,
    assetIds: [assetA],
  } = await seedCampaign(t.database.db, {
    organizationId: orgA,
    assets: [{ title: 'A1', type: 'text', content: 'x' }],
  }));
  ({
    // A second campaign of org A: its asset must not be shareable through campaign A.
    assetIds: [assetA2],
  } = await seedCampaign(t.database.db, {
    organizationId: orgA,
    assets: [{ title: 'A2', type: 'text', content: 'y' }],
  }));
  ({
    campaignId: campB,
    assetIds: [assetB],
  } = await seedCampaign(t.database.db, {
    organizationId: orgB,
    assets: [{ title: 'B1', type: 'text', content: 'z' }],
  }));
});
afterAll(() => t.close());

const post = (url: string, payload: object, opts: { cookie?: string; address?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: opts.address ?? nextAddress(),
    headers: opts.cookie ? { cookie: `rally_sid=${opts.cookie}` } : {},
  });

const shareCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('shares')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/shares', () => {
  it('logs a share as shared, with the supporter cookie, durable and readable at once', async () => {
    const res = await post('/api/shares', {
      assetId: assetA,
      campaignId: campA,
      organizationId: orgA,
      platform: 'twitter',
      ref: 'ShareRef000001',
    });
    expect(res.statusCode).toBe(201);
    const share = res.json();
    expect(share).toMatchObject({
      assetId: assetA,
      campaignId: campA,
      organizationId: orgA,
      platform: 'twitter',
      supporterInfo: '',
      status: 'shared',
      ref: 'ShareRef000001',
      scheduledFor: null,
    });
    expect(share.id).toBeGreaterThan(0);
    const sid = supporterCookie(res.headers);
    // `{id}.{tag}`: the tag proves the server issued the id.
    expect(sid).toMatch(/^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{22}$/);
    const row = await t.database.db
      .selectFrom('shares')
      .selectAll()
      .where('id', '=', share.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'shared', ref: 'ShareRef000001', supporterId: supporterIdOf(sid) });

    // Readable right after the 201, through the supporter's impact.
    const impact = await t.app.inject({
      url: `/api/supporter/campaigns/${campA}/impact`,
      headers: { cookie: `rally_sid=${sid}` },
    });
    expect(impact.json()).toMatchObject({ shares: 1 });
  });

  it('keeps a supporter cookie it issued; a made-up id gets a fresh one', async () => {
    const res = await post(
      '/api/shares',
      { assetId: assetA, campaignId: campA, organizationId: orgA, platform: 'facebook', supporterInfo: 'hi' },
      { cookie: 'ExistingSupporter0000001' },
    );
    expect(res.statusCode).toBe(201);
    // A bare id (made up, or a cookie from before tags) is not signed back: a fresh id.
    const issued = supporterIdOf(supporterCookie(res.headers));
    expect(issued).not.toBe('ExistingSupporter0000001');
    const again = await post(
      '/api/shares',
      { assetId: assetA, campaignId: campA, organizationId: orgA, platform: 'facebook' },
      { cookie: supporterCookie(res.headers) },
    );
    expect(again.headers['set-cookie']).toBeUndefined();
    const row = await t.database.db
      .selectFrom('shares')
      .select(['supporterId', 'supporterInfo', 'ref'])
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ supporterId: issued, supporterInfo: 'hi', ref: null });
  });

  it.each([
    [
      'an asset of another campaign',
      () => ({ assetId: assetA2, campaignId: campA, organizationId: orgA }),
      400,
      'Asset does not belong to this campaign',
    ],
    [
      'an asset of another organisation',
      () => ({ assetId: assetB, campaignId: campA, organizationId: orgA }),
      400,
      'Asset does not belong to this campaign',
    ],
    [
      'a campaign of another organisation',
      () => ({ assetId: assetB, campaignId: campB, organizationId: orgA }),
      404,
      'Campaign not found',
    ],
    [
      'a missing campaign',
      () => ({ assetId: assetA, campaignId: 999999, organizationId: orgA }),
      404,
      'Campaign not found',
    ],
    [
      'a missing asset',
      () => ({ assetId: 999999, campaignId: campA, organizationId: orgA }),
      404,
      'Asset not found',
    ],
  ])('rejects %s and stores nothing', async (_name, ids, status, message) => {
    const before = await shareCount();
    const res = await post('/api/shares', { ...ids(), platform: 'twitter', ref: 'MismatchRef0001' });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await shareCount()).toBe(before);
  });

  it('answers 409 for a duplicate ref and keeps one row', async () => {
    const body = {
      assetId: assetA,
      campaignId: campA,
      organizationId: orgA,
      platform: 'whatsapp',
      ref: 'DupRef00000001',
    };
    expect((await post('/api/shares', body)).statusCode).toBe(201);
    const again = await post('/api/shares', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This share link code is already in use');
    const rows = await t.database.db
      .selectFrom('shares')
      .select('id')
      .where('ref', '=', 'DupRef00000001')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('judges campaign dates by the same rules whatever form they were given in', async () => {
    const { campaignId, assetIds } = await seedCampaign(t.database.db, {
      organizationId: orgA,
      assets: [{ title: 'Dated', type: 'text', content: 'd' }],
    });
    // Stored the way every campaign write stores them (an instant in UTC).
    const setDates = (startDate: string | null, endDate: string | null) =>
      t.database.db
        .updateTable('campaigns')
        .set({ startDate: storedDate(startDate) ?? null, endDate: storedDate(endDate) ?? null })
        .where('id', '=', campaignId)
        .execute();
    const share = () =>
      post('/api/shares', { assetId: assetIds[0], campaignId, organizationId: orgA, platform: 'twitter' });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    /** The instant `ms` from now written in a zone `hours` from UTC: its text sorts elsewhere in time. */
    const inZone = (ms: number, hours: number) =>
      `${new Date(Date.now() + ms + hours * 3_600_000).toISOString().slice(0, 19)}${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`;
    const cases: [string | null, string | null, number, string?][] = [
      // A plain end date runs through that whole day (UTC).
      [null, today, 201],
      [tomorrow, null, 409, 'This campaign has not started yet'],
      [today, null, 201],
      [null, future(-60_000), 409, 'This campaign has ended'],
      [null, future(3_600_000), 201],
      [future(60_000), null, 409, 'This campaign has not started yet'],
      // Instants with an offset: compared as instants, not as text.
      [null, '2099-01-01T00:00:00+02:00', 201],
      [null, '2020-01-01T00:00:00+02:00', 409, 'This campaign has ended'],
      ['2099-01-01T00:00:00-05:00', null, 409, 'This campaign has not started yet'],
      ['2020-01-01T09:00:00+09:00', '2099-01-01T00:00:00Z', 201],
      // Ended an hour ago, though its text sorts after now; starts in an hour, though it sorts before.
      [null, inZone(-3_600_000, 9), 409, 'This campaign has ended'],
      [inZone(3_600_000, -9), null, 409, 'This campaign has not started yet'],
    ];
    for (const [startDate, endDate, status, message] of cases) {
      await setDates(startDate, endDate);
      const res = await share();
      expect({ startDate, endDate, status: res.statusCode }).toEqual({ startDate, endDate, status });
      if (message) expect(res.json().message).toBe(message);
    }
  });

  it('acknowledges concurrent shares each once; a duplicate among them fails alone', async () => {
    const bodies = Array.from({ length: 20 }, (_, i) => ({
      assetId: assetA,
      campaignId: campA,
      organizationId: orgA,
      platform: 'linkedin',
      ref: `Concurrent${String(i).padStart(4, '0')}`,
    }));
    bodies.push({ ...bodies[3] });
    const results = await Promise.all(bodies.map((b) => post('/api/shares', b)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(1);
    const ids = results.filter((r) => r.statusCode === 201).map((r) => r.json().id);
    const rows = await t.database.db.selectFrom('shares').select('id').where('id', 'in', ids).execute();
    expect(rows).toHaveLength(20);
  });

  it('validates the body', async () => {
    const ids = { assetId: assetA, campaignId: campA, organizationId: orgA };
    const cases: [object, string][] = [
      [{ ...ids, platform: 'myspace' }, 'Unknown platform'],
      [{ ...ids, platform: 'twitter', ref: 'bad ref!' }, 'Invalid ref code'],
      [{ ...ids, platform: 'twitter', ref: 'short' }, 'Invalid ref code'],
      [{ ...ids, platform: 'twitter', assetId: 'x' }, 'assetId must be a number'],
      // A copy is known to be made, never known to be posted.
      [{ ...ids, platform: 'copy' }, 'Copied text is a prepared post: status must be prepared'],
      [
        { ...ids, platform: 'copy', status: 'opened' },
        'Copied text is a prepared post: status must be prepared',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/shares', payload);
      expect(res.statusCode).toBe(400);
      expect(errorMessages(res)).toContain(message);
    }
  });

  it("logs Copy Text as a prepared post of the 'copy' channel, under the share writes' budget", async () => {
    const copy = { assetId: assetA, campaignId: campA, organizationId: orgA, platform: 'copy' };
    const res = await post('/api/shares', { ...copy, status: 'prepared', ref: 'CopyRef0000001' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ platform: 'copy', status: 'prepared', ref: 'CopyRef0000001' });
    // The same per-address budget as every share write.
    const address = '192.0.2.9';
    for (let i = 0; i < PUBLIC_SHARE_WRITES_PER_MINUTE; i++)
      expect((await post('/api/shares', copy, { address })).statusCode).toBe(400);
    expect((await post('/api/shares', { ...copy, status: 'prepared' }, { address })).statusCode).toBe(429);
  });

  it('keeps a supporter name (trimmed) only while the organisation collects supporter information', async () => {
    const nameOf = async (id: number) => (await storedShare(t.database.db, id)).supporterName;
    const base = { platform: 'twitter' as const };
    const named = await post('/api/shares', {
      ...base,
      assetId: assetA,
      campaignId: campA,
      organizationId: orgA,
      supporterName: '  Ada Lovelace ',
    });
    expect(named.statusCode).toBe(201);
    expect(await nameOf(named.json().id)).toBe('Ada Lovelace');

    const blank = await post('/api/shares', {
      ...base,
      assetId: assetA,
      campaignId: campA,
      organizationId: orgA,
      supporterName: '   ',
    });
    expect(await nameOf(blank.json().id)).toBeNull();

    // Organisation B turned supporter information off: the share is stored, the name is not.
    await t.database.db
      .insertInto('organizationSettings')
      .values({
        organizationId: orgB,
        data: JSON.stringify({ supporters: { collectInfo: false } }),
        updatedAt: future(),
      })
      .execute();
    const off = await post('/api/shares', {
      ...base,
      assetId: assetB,
      campaignId: campB,
      organizationId: orgB,
      supporterName: 'Grace Hopper',
    });
    expect(off.statusCode).toBe(201);
    expect(await nameOf(off.json().id)).toBeNull();

    const tooLong = await post('/api/shares', {
      ...base,
      assetId: assetA,
      campaignId: campA,
      organizationId: orgA,
      supporterName: 'x'.repeat(81),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Your name must be at most 80 characters');
  });

  it(`rate limits each public write route per address (${PUBLIC_SHARE_WRITES_PER_MINUTE}/min) with Retry-After`, async () => {
    const address = '192.0.2.7';
    // Invalid bodies still count: the limit runs before anything else.
    const junk = { platform: 'nope' };
    for (const url of ['/api/shares', '/api/shares/schedule']) {
      for (let i = 0; i < PUBLIC_SHARE_WRITES_PER_MINUTE; i++) {
        expect((await post(url, junk, { address })).statusCode).toBe(400);
      }
      const limited = await post(
        url,
        { assetId: assetA, campaignId: campA, organizationId: orgA, platform: 'all', scheduledFor: future() },
        { address },
      );
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().message).toMatch(/^Too many requests/);
    }
    // Another address is unaffected, this machine itself is never limited, nor are reads.
    for (let i = 0; i <= PUBLIC_SHARE_WRITES_PER_MINUTE; i++) {
      expect((await post('/api/shares', junk, { address: '127.0.0.1' })).statusCode).toBe(400);
    }
    expect((await post('/api/shares', junk, { address: '192.0.2.8' })).statusCode).toBe(400);
    const read = await t.app.inject({ url: `/api/supporter/campaigns/${campA}`, remoteAddress: address });
    expect(read.statusCode).toBe(200);
  });
});

describe('POST /api/shares/schedule', () => {
  const valid = () => ({
    assetId: assetA,
    campaignId: campA,
    organizationId: orgA,
    platform: 'all',
    scheduledFor: future(),
    status: 'pending',
  });

  it.each(['assetId', 'campaignId', 'organizationId', 'platform'])(
    'answers 400 without %s',
    async (field) => {
      const body: Record<string, unknown> = valid();
      delete body[field];
      const res = await post('/api/shares/schedule', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Missing required fields for scheduling a share');
    },
  );

  it('answers 400 for a time in the past', async () => {
    const res = await post('/api/shares/schedule', { ...valid(), scheduledFor: future(-60_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Scheduled time must be in the future');
  });

  it('schedules for platform all, status pending even when omitted, with the supporter cookie', async () => {
    const { status: _omitted, ...body } = valid();
    const when = new Date(Date.now() + 3 * 86_400_000);
    // An offset is accepted and stored as UTC.
    const withOffset = `${when.toISOString().slice(0, 19)}+02:00`;
    const res = await post('/api/shares/schedule', { ...body, scheduledFor: withOffset });
    expect(res.statusCode).toBe(201);
    const share = res.json();
    expect(share).toMatchObject({ platform: 'all', status: 'pending', assetId: assetA, campaignId: campA });
    expect(share.scheduledFor).toBe(new Date(withOffset).toISOString());
    const row = await t.database.db
      .selectFrom('shares')
      .select('supporterId')
      .where('id', '=', share.id)
      .executeTakeFirstOrThrow();
    expect(row.supporterId).toBe(supporterIdOf(supporterCookie(res.headers)));
  });

  it("keeps the reminder link's ref, so a visit through it counts as a click-through", async () => {
    const ref = 'reminderRef001';
    const res = await post('/api/shares/schedule', { ...valid(), ref });
    expect(res.statusCode).toBe(201);
    expect(res.json().ref).toBe(ref);
    const confirm = await clickThrough(t.app, { campaignId: campA, ref }, '127.0.0.1');
    expect(confirm.statusCode).toBe(204);
    expect(await clicksOfRef(t.database.db, ref)).toHaveLength(1);
    const dup = await post('/api/shares/schedule', { ...valid(), ref });
    expect(dup.statusCode).toBe(409);
  });

  it('refuses any status but pending', async () => {
    const res = await post('/api/shares/schedule', { ...valid(), status: 'shared' });
    expect(res.statusCode).toBe(400);
  });

  it('requires the ids to match each other', async () => {
    const before = await shareCount();
    const wrongAsset = await post('/api/shares/schedule', { ...valid(), assetId: assetA2 });
    expect(wrongAsset.statusCode).toBe(400);
    expect(wrongAsset.json().message).toBe('Asset does not belong to this campaign');
    const wrongOrg = await post('/api/shares/schedule', { ...valid(), organizationId: orgB });
    expect(wrongOrg.statusCode).toBe(404);
    expect(await shareCount()).toBe(before);
  });
});

describe('GET /api/shares/scheduled', () => {
  it("lists only the caller's organisation's scheduled shares, soonest first", async () => {
    const staff = await signUp(t.app);
    const { campaignId, assetIds } = await seedCampaign(t.database.db, {
      organizationId: staff.orgId,
      name: 'Staff Campaign',
      assets: [{ title: 'Staff Asset', type: 'text', content: 'x' }],
    });
    const ids = { assetId: assetIds[0], campaignId, organizationId: staff.orgId };
    const later = await post('/api/shares/schedule', {
      ...ids,
      platform: 'twitter',
      scheduledFor: future(7 * 86_400_000),
    });
    const sooner = await post('/api/shares/schedule', {
      ...ids,
      platform: 'all',
      scheduledFor: future(86_400_000),
    });
    // Not in the list: another organisation's, and logged (not scheduled) shares.
    await post('/api/shares/schedule', {
      assetId: assetB,
      campaignId: campB,
      organizationId: orgB,
      platform: 'all',
      scheduledFor: future(),
    });
    await post('/api/shares', { ...ids, platform: 'twitter' });

    const res = await t.app.inject({ url: '/api/shares/scheduled', headers: bearer(staff.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: sooner.json().id,
        assetId: assetIds[0],
        assetTitle: 'Staff Asset',
        campaignId,
        campaignName: 'Staff Campaign',
        platform: 'all',
        scheduledFor: sooner.json().scheduledFor,
        status: 'pending',
      },
      expect.objectContaining({ id: later.json().id, platform: 'twitter' }),
    ]);

    const windowed = await t.app.inject({
      url: `/api/shares/scheduled?from=${encodeURIComponent(future(2 * 86_400_000))}`,
      headers: bearer(staff.token),
    });
    expect(windowed.json().map((s: { id: number }) => s.id)).toEqual([later.json().id]);

    const otherOrg = await t.app.inject({
      url: `/api/shares/scheduled?org=${orgB}`,
      headers: bearer(staff.token),
    });
    expect(otherOrg.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/shares/scheduled' })).statusCode).toBe(401);
  });
});
