import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '#shared/durations.ts';
import { REMINDER_SUBJECT } from '../reminders/index.ts';
import { markConfirmed, reminderAppsPerFile, reminderRunner } from '../../test/reminder-kit.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { addMember } from '../../test/teams.ts';
import { bearer, type SignedUp, signUp, type TestApp } from '../../test/test-app.ts';
import { BROWSER_UA, supporterCookie, supporterIdOf } from '../../test/visitor.ts';
import {
  BLOCKED_NAMING_SPENT,
  BLOCKED_NAMINGS_PER_VISITOR,
  PUBLIC_SHARE_WRITES_PER_MINUTE,
} from '../shares/index.ts';
import { MOMENT_COUNT_TTL_MS } from './moment-count.ts';

// Shared moments (docs/api.md "Momentum"): staff set them, supporters commit from the
// page (one commitment per signed visitor cookie, a scheduled share at the moment),
// the page polls the count, and the reminder comes at the moment's time.

const ORIGIN = 'https://rally.example';
const { smtp, t } = reminderAppsPerFile(ORIGIN);

const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();
const dayAfter = (days: number) => new Date(Date.now() + days * 24 * HOUR_MS).toISOString().slice(0, 10);

async function staffWithCampaign(app: TestApp, body: Record<string, unknown> = {}) {
  const admin = await signUp(app.app);
  const campaign = await createCampaign(app.app, admin.token, { organizationId: admin.orgId, ...body });
  const asset = await createAsset(app.app, admin.token, campaign.id);
  return { admin, campaignId: campaign.id as number, assetId: asset.id as number };
}

const addMoment = (app: TestApp, who: SignedUp | { token: string }, campaignId: number, body: object) =>
  app.app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaignId}/moments`,
    headers: bearer(who.token),
    payload: body,
  });
const listMoments = (app: TestApp, token: string, campaignId: number) =>
  app.app.inject({ url: `/api/campaigns/${campaignId}/moments`, headers: bearer(token) });

/** A supporter's browser: the visitor cookie the page's JSON issues. */
async function visitor(app: TestApp, campaignId: number) {
  const page = await app.app.inject({ url: `/api/supporter/campaigns/${campaignId}` });
  const value = supporterCookie(page.headers) as string;
  return { cookie: `rally_sid=${value}`, id: supporterIdOf(value) as string };
}
const commit = (app: TestApp, momentId: number, headers: Record<string, string>, body: object = {}) =>
  app.app.inject({
    method: 'POST',
    url: `/api/supporter/moments/${momentId}/commit`,
    headers: { 'user-agent': BROWSER_UA, ...headers },
    payload: body,
  });

describe('moments: staff', () => {
  it('an editor sets a moment; members list it with its count; the supporter JSON carries it until it is deleted', async () => {
    const s = await staffWithCampaign(t);
    const at = inHours(48);
    const made = await addMoment(t, s.admin, s.campaignId, { at, platform: 'mastodon', assetId: s.assetId });
    expect(made.statusCode, made.body).toBe(201);
    const moment = made.json();
    expect(moment).toMatchObject({
      campaignId: s.campaignId,
      at,
      platform: 'mastodon',
      assetId: s.assetId,
      commitments: 0,
    });
    const anyPlatform = await addMoment(t, s.admin, s.campaignId, { at: inHours(24), platform: 'any' });
    expect(anyPlatform.statusCode, anyPlatform.body).toBe(201);

    const viewer = await addMember(t.app, s.admin, 'viewer');
    const list = await listMoments(t, viewer.token, s.campaignId);
    expect(list.statusCode).toBe(200);
    // Soonest first.
    expect(list.json().map((m: { id: number }) => m.id)).toEqual([anyPlatform.json().id, moment.id]);

    const page = await t.app.inject({ url: `/api/supporter/campaigns/${s.campaignId}` });
    expect(page.json().moments).toEqual([
      { id: anyPlatform.json().id, at: anyPlatform.json().at, platform: 'any', assetId: null },
      { id: moment.id, at, platform: 'mastodon', assetId: s.assetId },
    ]);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/moments/${moment.id}`,
      headers: bearer(s.admin.token),
    });
    expect(gone.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/moments/${moment.id}`,
      headers: bearer(s.admin.token),
    });
    expect(again.statusCode).toBe(404);
    expect((await listMoments(t, s.admin.token, s.campaignId)).json()).toHaveLength(1);
    const after = await t.app.inject({ url: `/api/supporter/campaigns/${s.campaignId}` });
    expect(after.json().moments.map((m: { id: number }) => m.id)).toEqual([anyPlatform.json().id]);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('organizationId', '=', s.admin.orgId)
      .where('action', 'like', 'moment.%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['moment.created', 'moment.created', 'moment.deleted']);
  });

  it('refuses a past time, a time after the campaign ends, a bad platform, and a viewer', async () => {
    const s = await staffWithCampaign(t, { endDate: dayAfter(3) });
    const past = await addMoment(t, s.admin, s.campaignId, { at: inHours(-1), platform: 'any' });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('SCHEDULE_NOT_IN_FUTURE');
    const late = await addMoment(t, s.admin, s.campaignId, { at: inHours(24 * 10), platform: 'any' });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('SCHEDULE_AFTER_CAMPAIGN_END');
    const platform = await addMoment(t, s.admin, s.campaignId, { at: inHours(2), platform: 'myspace' });
    expect(platform.statusCode).toBe(400);
    expect(platform.json().code).toBe('VALIDATION_FAILED');
    const badTime = await addMoment(t, s.admin, s.campaignId, { at: 'tuesday', platform: 'any' });
    expect(badTime.statusCode).toBe(400);
    const viewer = await addMember(t.app, s.admin, 'viewer');
    const refused = await addMoment(t, viewer, s.campaignId, { at: inHours(2), platform: 'any' });
    expect(refused.statusCode).toBe(403);
    expect((await listMoments(t, s.admin.token, s.campaignId)).json()).toEqual([]);
  });

  it("another organisation's campaign, asset and moment are 404", async () => {
    const mine = await staffWithCampaign(t);
    const theirs = await staffWithCampaign(t);
    const onTheirs = await addMoment(t, mine.admin, theirs.campaignId, { at: inHours(2), platform: 'any' });
    expect(onTheirs.statusCode).toBe(404);
    const theirAsset = await addMoment(t, mine.admin, mine.campaignId, {
      at: inHours(2),
      platform: 'any',
      assetId: theirs.assetId,
    });
    expect(theirAsset.statusCode).toBe(404);
    expect((await listMoments(t, mine.admin.token, theirs.campaignId)).statusCode).toBe(404);
    const theirMoment = (
      await addMoment(t, theirs.admin, theirs.campaignId, { at: inHours(2), platform: 'any' })
    ).json();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/moments/${theirMoment.id}`,
      headers: bearer(mine.admin.token),
    });
    expect(del.statusCode).toBe(404);
    expect((await listMoments(t, theirs.admin.token, theirs.campaignId)).json()).toHaveLength(1);
  });
});

describe('moments: commitments', () => {
  it('one commitment per visitor: a scheduled share at the moment; a second commit is the same one; the count is live', async () => {
    const s = await staffWithCampaign(t);
    const at = inHours(30);
    const moment = (
      await addMoment(t, s.admin, s.campaignId, { at, platform: 'twitter', assetId: s.assetId })
    ).json();
    const ada = await visitor(t, s.campaignId);
    const first = await commit(t, moment.id, { cookie: ada.cookie }, { timeZone: 'Europe/Berlin' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ count: 1, created: true });
    const share = await t.database.db
      .selectFrom('shares')
      .selectAll()
      .where('id', '=', first.json().shareId)
      .executeTakeFirstOrThrow();
    expect(share).toMatchObject({
      momentId: moment.id,
      supporterId: ada.id,
      status: 'pending',
      scheduledFor: at,
      platform: 'twitter',
      assetId: s.assetId,
      timeZone: 'Europe/Berlin',
    });
    // The commitment is in the visitor's Schedule tab like any scheduled share.
    const tab = await t.app.inject({
      url: `/api/supporter/campaigns/${s.campaignId}/scheduled`,
      headers: { cookie: ada.cookie },
    });
    expect(tab.json().map((x: { id: number }) => x.id)).toEqual([share.id]);

    const second = await commit(t, moment.id, { cookie: ada.cookie });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ count: 1, created: false, shareId: share.id });
    // Two at once from one visitor: still one.
    const racing = await Promise.all([1, 2].map(() => commit(t, moment.id, { cookie: ada.cookie })));
    expect(racing.map((r) => r.json().shareId)).toEqual([share.id, share.id]);

    const bo = await visitor(t, s.campaignId);
    const other = await commit(t, moment.id, { cookie: bo.cookie });
    expect(other.json()).toMatchObject({ count: 2, created: true });
    const rows = await t.database.db
      .selectFrom('shares')
      .select('id')
      .where('momentId', '=', moment.id)
      .execute();
    expect(rows).toHaveLength(2);

    const count = await t.app.inject({ url: `/api/supporter/moments/${moment.id}` });
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ count: 2 });
    expect(count.headers['cache-control']).toBe('no-cache');
    const etag = String(count.headers.etag);
    expect(etag).toBe('W/"2"');
    const unchanged = await t.app.inject({
      url: `/api/supporter/moments/${moment.id}`,
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    const staff = (await listMoments(t, s.admin.token, s.campaignId)).json();
    expect(staff[0].commitments).toBe(2);

    // Moving the commitment to another time (the Schedule tab's reschedule) withdraws it.
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/shares/schedule',
      headers: { cookie: bo.cookie },
      payload: {
        assetId: s.assetId,
        campaignId: s.campaignId,
        organizationId: s.admin.orgId,
        platform: 'twitter',
        scheduledFor: inHours(40),
        replaces: other.json().shareId,
      },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    await new Promise((r) => setTimeout(r, MOMENT_COUNT_TTL_MS + 50));
    expect((await t.app.inject({ url: `/api/supporter/moments/${moment.id}` })).json()).toEqual({ count: 1 });
    expect((await listMoments(t, s.admin.token, s.campaignId)).json()[0].commitments).toBe(1);

    // Posting it keeps it: the posted share is still the commitment, counted, and the visitor's one.
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: { cookie: ada.cookie },
      payload: {
        assetId: s.assetId,
        campaignId: s.campaignId,
        organizationId: s.admin.orgId,
        platform: 'twitter',
        scheduledShareId: share.id,
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const postedRow = await t.database.db
      .selectFrom('shares')
      .select(['momentId', 'status'])
      .where('id', '=', posted.json().id)
      .executeTakeFirstOrThrow();
    expect(postedRow).toEqual({ momentId: moment.id, status: 'shared' });
    await new Promise((r) => setTimeout(r, MOMENT_COUNT_TTL_MS + 50));
    expect((await t.app.inject({ url: `/api/supporter/moments/${moment.id}` })).json()).toEqual({ count: 1 });
    const again = await commit(t, moment.id, { cookie: ada.cookie });
    expect(again.json()).toMatchObject({ created: false, shareId: posted.json().id });
  });

  it('a commitment moved in the Schedule tab leaves the moment: the count drops and the visitor may commit again', async () => {
    const s = await staffWithCampaign(t);
    const at = inHours(30);
    const moment = (
      await addMoment(t, s.admin, s.campaignId, { at, platform: 'any', assetId: s.assetId })
    ).json();
    const v = await visitor(t, s.campaignId);
    const first = await commit(t, moment.id, { cookie: v.cookie });
    expect(first.json()).toMatchObject({ count: 1, created: true });
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/shares/schedule',
      headers: { cookie: v.cookie },
      payload: {
        assetId: s.assetId,
        campaignId: s.campaignId,
        organizationId: s.admin.orgId,
        platform: 'all',
        scheduledFor: inHours(40),
        replaces: first.json().shareId,
      },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const rowOf = (id: number) =>
      t.database.db
        .selectFrom('shares')
        .select(['status', 'momentId', 'scheduledFor'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    // Neither the retired share nor its replacement holds the moment any more.
    expect(await rowOf(first.json().shareId)).toMatchObject({ status: 'rescheduled', momentId: null });
    expect(await rowOf(moved.json().id)).toMatchObject({ status: 'pending', momentId: null });
    await new Promise((r) => setTimeout(r, MOMENT_COUNT_TTL_MS + 50));
    expect((await t.app.inject({ url: `/api/supporter/moments/${moment.id}` })).json()).toEqual({ count: 0 });
    expect((await listMoments(t, s.admin.token, s.campaignId)).json()[0].commitments).toBe(0);

    // The count and the one-per-visitor rule agree: committing again is a new commitment, counted once.
    const again = await commit(t, moment.id, { cookie: v.cookie });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ count: 1, created: true });
    expect(again.json().shareId).not.toBe(first.json().shareId);
    expect(await rowOf(again.json().shareId)).toMatchObject({
      status: 'pending',
      momentId: moment.id,
      scheduledFor: at,
    });
    const twice = await commit(t, moment.id, { cookie: v.cookie });
    expect(twice.json()).toEqual({ count: 1, created: false, shareId: again.json().shareId });
    expect((await listMoments(t, s.admin.token, s.campaignId)).json()[0].commitments).toBe(1);
  });

  it('without the signed visitor cookie, with a forged one, or from a crawler nothing is committed', async () => {
    const s = await staffWithCampaign(t);
    const moment = (
      await addMoment(t, s.admin, s.campaignId, { at: inHours(5), platform: 'any', assetId: s.assetId })
    ).json();
    const none = await commit(t, moment.id, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('VISITOR_REQUIRED');
    const real = await visitor(t, s.campaignId);
    const forged = await commit(t, moment.id, { cookie: `rally_sid=${real.id}.${'A'.repeat(22)}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('VISITOR_REQUIRED');
    const bare = await commit(t, moment.id, { cookie: `rally_sid=${real.id}` });
    expect(bare.statusCode).toBe(400);
    const crawler = await commit(t, moment.id, { cookie: real.cookie, 'user-agent': 'Twitterbot/1.0' });
    expect(crawler.statusCode).toBe(400);
    const prefetch = await commit(t, moment.id, { cookie: real.cookie, 'sec-purpose': 'prefetch' });
    expect(prefetch.statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/supporter/moments/${moment.id}` })).json()).toEqual({ count: 0 });
    expect(
      await t.database.db.selectFrom('shares').select('id').where('momentId', '=', moment.id).execute(),
    ).toEqual([]);
  });

  it(`is limited per client network as the public share writes (${PUBLIC_SHARE_WRITES_PER_MINUTE}/min), this machine exempt`, async () => {
    const s = await staffWithCampaign(t);
    const moment = (
      await addMoment(t, s.admin, s.campaignId, { at: inHours(5), platform: 'any', assetId: s.assetId })
    ).json();
    const v = await visitor(t, s.campaignId);
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/supporter/moments/${moment.id}/commit`,
        headers: { 'user-agent': BROWSER_UA, cookie: v.cookie },
        payload: {},
        remoteAddress,
      });
    for (let i = 0; i < PUBLIC_SHARE_WRITES_PER_MINUTE; i++)
      expect((await from('198.51.100.9')).statusCode).toBe(200);
    const limited = await from('198.51.100.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('198.51.100.10')).statusCode).toBe(200);
    expect((await from('127.0.0.1')).statusCode).toBe(200);
  });

  it('a commitment refused for a blocked word spends the naming budget of the public share writes; spent, any text is 429', async () => {
    const s = await staffWithCampaign(t);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/settings',
      headers: bearer(s.admin.token),
      payload: { guardrails: { blockedWords: ['scam'] } },
    });
    expect(set.statusCode, set.body).toBe(200);
    // Words the supporter may edit: their own words are checked against the list.
    const editable = (await createAsset(t.app, s.admin.token, s.campaignId, { textEditable: true }))
      .id as number;
    const moment = (
      await addMoment(t, s.admin, s.campaignId, { at: inHours(5), platform: 'any', assetId: editable })
    ).json();
    const v = await visitor(t, s.campaignId);
    const commitAs = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/supporter/moments/${moment.id}/commit`,
        headers: { 'user-agent': BROWSER_UA, cookie: v.cookie },
        payload: { text },
        remoteAddress: '198.51.100.40',
      });
    for (let i = 0; i < BLOCKED_NAMINGS_PER_VISITOR; i++) {
      const refused = await commitAs(`a scam ${i}`);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().code).toBe('BLOCKED_WORD');
    }
    const spent = await commitAs('a scam again');
    expect(spent.statusCode).toBe(429);
    expect(spent.json().message).toBe(BLOCKED_NAMING_SPENT);
    // While it is spent any text is refused alike, so the 429 tells nothing of a word.
    const fine = await commitAs('all fine');
    expect(fine.statusCode).toBe(429);
    expect(fine.json().message).toBe(BLOCKED_NAMING_SPENT);
    // A commitment without words of its own still commits.
    const plain = await t.app.inject({
      method: 'POST',
      url: `/api/supporter/moments/${moment.id}/commit`,
      headers: { 'user-agent': BROWSER_UA, cookie: v.cookie },
      payload: {},
      remoteAddress: '198.51.100.40',
    });
    expect(plain.json()).toMatchObject({ created: true, count: 1 });
  });

  it('a moment without an asset takes the one the supporter picks; unknown moments and bad bodies are refused', async () => {
    const s = await staffWithCampaign(t);
    const moment = (await addMoment(t, s.admin, s.campaignId, { at: inHours(5), platform: 'any' })).json();
    const v = await visitor(t, s.campaignId);
    const noAsset = await commit(t, moment.id, { cookie: v.cookie });
    expect(noAsset.statusCode).toBe(400);
    const picked = await commit(t, moment.id, { cookie: v.cookie }, { assetId: s.assetId });
    expect(picked.statusCode, picked.body).toBe(200);
    const share = await t.database.db
      .selectFrom('shares')
      .select(['assetId', 'platform'])
      .where('id', '=', picked.json().shareId)
      .executeTakeFirstOrThrow();
    expect(share).toEqual({ assetId: s.assetId, platform: 'all' });
    const other = await staffWithCampaign(t);
    const foreign = await commit(
      t,
      moment.id,
      { cookie: (await visitor(t, s.campaignId)).cookie },
      { assetId: other.assetId },
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('ASSET_NOT_IN_CAMPAIGN');
    expect((await commit(t, 999999, { cookie: v.cookie })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/supporter/moments/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/supporter/moments/abc' })).statusCode).toBe(400);
    const extra = await commit(t, moment.id, { cookie: v.cookie }, { hello: 1 });
    expect(extra.statusCode).toBe(400);
  });

  it('a paused campaign takes no commitment (409, as a scheduled share); an archived one hides its counts', async () => {
    const s = await staffWithCampaign(t);
    const moment = (
      await addMoment(t, s.admin, s.campaignId, { at: inHours(5), platform: 'any', assetId: s.assetId })
    ).json();
    const v = await visitor(t, s.campaignId);
    const edit = (status: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/campaigns/${s.campaignId}`,
        headers: bearer(s.admin.token),
        payload: { status },
      });
    expect((await edit('paused')).statusCode).toBe(200);
    const paused = await commit(t, moment.id, { cookie: v.cookie });
    expect(paused.statusCode).toBe(409);
    expect(paused.json().code).toBe('CAMPAIGN_NOT_OPEN');
    expect((await t.app.inject({ url: `/api/supporter/moments/${moment.id}` })).json()).toEqual({ count: 0 });
    const archived = await t.app.inject({
      method: 'DELETE',
      url: `/api/campaigns/${s.campaignId}`,
      headers: bearer(s.admin.token),
    });
    expect(archived.statusCode).toBe(204);
    await new Promise((r) => setTimeout(r, MOMENT_COUNT_TTL_MS + 50));
    expect((await t.app.inject({ url: `/api/supporter/moments/${moment.id}` })).statusCode).toBe(404);
    // Archived campaigns are read-only: no new moment, none deleted.
    const refused = await addMoment(t, s.admin, s.campaignId, { at: inHours(6), platform: 'any' });
    expect(refused.json().code).toBe('CAMPAIGN_NOT_EDITABLE');
  });

  it('the reminder comes at the moment by the confirmed email, through the outbox', async () => {
    const s = await staffWithCampaign(t);
    const at = inHours(3);
    const moment = (
      await addMoment(t, s.admin, s.campaignId, { at, platform: 'any', assetId: s.assetId })
    ).json();
    const email = `moment${Date.now()}@example.org`;
    await markConfirmed(t, s.admin.orgId, email);
    const v = await visitor(t, s.campaignId);
    const res = await commit(t, moment.id, { cookie: v.cookie }, { reminder: { email, consent: true } });
    expect(res.statusCode, res.body).toBe(200);
    const reminders = () =>
      smtp.messages.filter(
        (m) => m.subject === REMINDER_SUBJECT && m.to && JSON.stringify(m.to).includes(email),
      );
    // Not before its time.
    await reminderRunner(t, () => Date.parse(at) - 60_000).runOnce();
    await new Promise((r) => setTimeout(r, 200));
    expect(reminders()).toHaveLength(0);
    await reminderRunner(t, () => Date.parse(at) + 30_000).runOnce();
    await expect.poll(() => reminders().length).toBe(1);
    expect(reminders()[0].text).toContain(`/supporter/${s.campaignId}`);
    const share = await t.database.db
      .selectFrom('shares')
      .select('status')
      .where('id', '=', res.json().shareId)
      .executeTakeFirstOrThrow();
    expect(share.status).toBe('reminded');
    // A second commit adds no second reminder.
    expect(
      (await commit(t, moment.id, { cookie: v.cookie }, { reminder: { email, consent: true } })).json()
        .created,
    ).toBe(false);
    await reminderRunner(t, () => Date.parse(at) + 90_000).runOnce();
    await new Promise((r) => setTimeout(r, 200));
    expect(reminders()).toHaveLength(1);
  });
});
