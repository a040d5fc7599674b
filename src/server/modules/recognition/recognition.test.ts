import { describe, expect, it } from 'vitest';
import { bearer, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { addMember } from '../../test/teams.ts';
import { referredVisitor, supporterIdOf, visitorCookie } from '../../test/visitor.ts';
import { BLOCKED_NAMING_SPENT, BLOCKED_NAMINGS_PER_VISITOR } from '../shares/index.ts';
import { anonymousLabel } from './leaderboard.service.ts';

// Recognition (docs/api.md "Momentum"): names only by opting in, recruits by referral
// generations, My Impact's recruits and rank, staff hiding a name, the leaderboard.

const { t, a, b } = twoOrganizationsPerFile();
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

let addressCount = 0;
/** A fresh client address per visitor: the click-through caps count per network. */
const nextAddress = () => `203.0.113.${++addressCount}`;

async function liveCampaign(who: { token: string; orgId: number }) {
  const campaign = await createCampaign(t.app, who.token, { organizationId: who.orgId });
  const asset = await createAsset(t.app, who.token, campaign.id);
  return { campaignId: campaign.id as number, assetId: asset.id as number, organizationId: who.orgId };
}
type Campaign = Awaited<ReturnType<typeof liveCampaign>>;

/** A logged share of the campaign by the browser of `cookie` (none: no cookie), with its own link. */
async function share(
  c: Campaign,
  cookie: string | undefined,
  extra: { ref?: string; parentRef?: string; token?: string; status?: string } = {},
) {
  const { token, ...body } = extra;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shares',
    headers: { ...(cookie && { cookie }), ...(token && bearer(token)) },
    payload: {
      campaignId: c.campaignId,
      assetId: c.assetId,
      organizationId: c.organizationId,
      platform: 'twitter',
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

const putProfile = (c: Campaign, cookie: string | undefined, body: unknown, headers = SAME_ORIGIN) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/supporter/campaigns/${c.campaignId}/profile`,
    headers: { ...headers, ...(cookie && { cookie }) },
    payload: body as object,
  });

async function named(c: Campaign, cookie: string, displayName: string, onBoard = true) {
  const res = await putProfile(c, cookie, { displayName, onBoard });
  expect(res.statusCode, res.body).toBe(200);
}

const board = async (c: Campaign) => {
  const res = await t.app.inject({ url: `/api/supporter/campaigns/${c.campaignId}/board` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    topSharers: { displayName: string; shares: number }[];
    topRecruiters: { displayName: string; recruits: number }[];
  };
};

const impact = async (c: Campaign, cookie: string) =>
  (
    await t.app.inject({ url: `/api/supporter/campaigns/${c.campaignId}/impact`, headers: { cookie } })
  ).json();

const leaderboard = async (token: string, query: string) => {
  const res = await t.app.inject({ url: `/api/organization/leaderboard?${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    rank: number;
    name: string;
    shares: number;
    clickThroughs: number;
    recruits: number;
    profileId: number | null;
    hidden: boolean;
  }[];
};

describe('a display name', () => {
  it('is kept per organisation for the signed visitor cookie, trimmed, 2 to 40 characters', async () => {
    const c = await liveCampaign(a);
    const cookie = await visitorCookie(t.app, c.campaignId);
    const none = await t.app.inject({
      url: `/api/supporter/campaigns/${c.campaignId}/profile`,
      headers: { cookie },
    });
    expect(none.json()).toEqual({ displayName: null, onBoard: false });

    const saved = await putProfile(c, cookie, { displayName: '  Ada   Lovelace ' });
    expect(saved.statusCode, saved.body).toBe(200);
    // The board is opt-in: the default is off.
    expect(saved.json()).toEqual({ displayName: 'Ada Lovelace', onBoard: false });
    const read = await t.app.inject({
      url: `/api/supporter/campaigns/${c.campaignId}/profile`,
      headers: { cookie },
    });
    expect(read.json()).toEqual({ displayName: 'Ada Lovelace', onBoard: false });
    // Another campaign of the same organisation: the same profile.
    const sibling = await liveCampaign(a);
    const there = await t.app.inject({
      url: `/api/supporter/campaigns/${sibling.campaignId}/profile`,
      headers: { cookie },
    });
    expect(there.json().displayName).toBe('Ada Lovelace');
    // Another organisation's campaign: nothing of it.
    const elsewhere = await liveCampaign(b);
    const theirs = await t.app.inject({
      url: `/api/supporter/campaigns/${elsewhere.campaignId}/profile`,
      headers: { cookie },
    });
    expect(theirs.json()).toEqual({ displayName: null, onBoard: false });

    for (const displayName of ['A', 'x'.repeat(41), 'Bad\u0000name', 'Right\u202Eleft', '   ', 42]) {
      const res = await putProfile(c, cookie, { displayName, onBoard: true });
      expect(res.statusCode, String(displayName)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await putProfile(c, cookie, { displayName: 'Ada', extra: 1 })).statusCode).toBe(400);
  });

  it('needs the signed supporter cookie, from the page itself', async () => {
    const c = await liveCampaign(a);
    const noCookie = await putProfile(c, undefined, { displayName: 'Nobody', onBoard: true });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json()).toMatchObject({
      code: 'SUPPORTER_COOKIE_REQUIRED',
      message: 'Allow the supporter cookie to appear on the board',
    });
    // A made-up id is no proof of whose it is.
    const forged = await putProfile(c, 'rally_sid=made-up-visitor', { displayName: 'Forger', onBoard: true });
    expect(forged.json().code).toBe('SUPPORTER_COOKIE_REQUIRED');
    const cookie = await visitorCookie(t.app, c.campaignId);
    const crossSite = await putProfile(
      c,
      cookie,
      { displayName: 'Forced' },
      {
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(crossSite.statusCode).toBe(403);
    // An unknown campaign, and a draft the public cannot see, are 404.
    expect((await putProfile({ ...c, campaignId: 999999 }, cookie, { displayName: 'Ada' })).statusCode).toBe(
      404,
    );
    const draft = await createCampaign(t.app, a.token, { status: 'draft' });
    expect(
      (await putProfile({ ...c, campaignId: draft.id }, cookie, { displayName: 'Ada' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/supporter/campaigns/${draft.id}/board` })).statusCode).toBe(404);
  });

  it("is refused when it holds one of the organisation's blocked words, in any spelling", async () => {
    const c = await liveCampaign(a);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/settings',
      headers: bearer(a.token),
      payload: { guardrails: { blockedWords: ['scam'] } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const cookie = await visitorCookie(t.app, c.campaignId);
    // Upper case and a Cyrillic look-alike "а" still match the whole word.
    const refused = await putProfile(c, cookie, { displayName: 'Big SCАM fan', onBoard: true });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'BLOCKED_WORD', params: { word: 'SCАM' } });
    expect(refused.json().errors[0].path).toBe('displayName');
    expect((await board(c)).topSharers).toEqual([]);
    // A word that only contains it is a different word; another organisation's list does not apply.
    await named(c, cookie, 'Scampi lover');
    const other = await liveCampaign(b);
    await named(other, await visitorCookie(t.app, other.campaignId), 'No scam here');
  });

  it('spends the naming budget of blocked words; past it every name is 429, whatever it says', async () => {
    const c = await liveCampaign(a);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/organization/settings',
      headers: bearer(a.token),
      payload: { guardrails: { blockedWords: ['scam'] } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const address = '198.51.100.77';
    const putAs = (cookie: string, displayName: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/supporter/campaigns/${c.campaignId}/profile`,
        remoteAddress: address,
        headers: { ...SAME_ORIGIN, cookie },
        payload: { displayName, onBoard: true },
      });
    const cookie = await visitorCookie(t.app, c.campaignId);
    const refused = await putAs(cookie, 'scam 1');
    expect(refused.json()).toMatchObject({ code: 'BLOCKED_WORD', params: { word: 'scam' } });
    // One budget with the message checks: the rest of it spent there.
    for (let i = 1; i < BLOCKED_NAMINGS_PER_VISITOR; i++) {
      const check = await t.app.inject({
        url: `/api/supporter/assets/${c.assetId}/message-check?text=a%20scam%20${i}`,
        remoteAddress: address,
        headers: { cookie },
      });
      expect(check.json().blocked, `check ${i}`).toEqual(['scam']);
    }
    for (const name of ['scam 2', 'Ada Lovelace']) {
      const res = await putAs(cookie, name);
      expect(res.statusCode, name).toBe(429);
      expect(res.json().message).toBe(BLOCKED_NAMING_SPENT);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await board(c)).topSharers).toEqual([]);
    // Another visitor on that network has a budget of its own.
    const other = await visitorCookie(t.app, c.campaignId);
    expect((await putAs(other, 'scam 3')).json().code).toBe('BLOCKED_WORD');
    expect((await putAs(other, 'Ada Lovelace')).statusCode).toBe(200);
  });
});

describe('the board', () => {
  it('shows only supporters who opted in with a name, by shares of outcome shared', async () => {
    const c = await liveCampaign(a);
    const [optedIn, nameOnly, anonymous, later] = await Promise.all(
      [0, 1, 2, 3].map(() => visitorCookie(t.app, c.campaignId)),
    );
    await named(c, optedIn, 'Opted In');
    await named(c, nameOnly, 'Name Only', false);
    for (const cookie of [
      optedIn,
      optedIn,
      nameOnly,
      nameOnly,
      nameOnly,
      anonymous,
      anonymous,
      anonymous,
      anonymous,
    ])
      await share(c, cookie);
    // A window opened is not a share.
    await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: { cookie: optedIn },
      payload: { ...c, platform: 'twitter', status: 'opened' },
    });
    const first = await board(c);
    expect(first.topSharers).toEqual([{ displayName: 'Opted In', shares: 2 }]);
    expect(JSON.stringify(first)).not.toContain('Name Only');

    // Opting out leaves the board at the supporter's next read (their change drops it).
    await named(c, optedIn, 'Opted In', false);
    expect((await board(c)).topSharers).toEqual([]);
    // Opting in, by anyone, counts from then on; with no share yet nobody is listed.
    await named(c, later, 'Later');
    await named(c, nameOnly, 'Name Only', true);
    expect((await board(c)).topSharers).toEqual([{ displayName: 'Name Only', shares: 3 }]);
  });

  it("a supporter's choice shows at once on every board of the organisation on this instance", async () => {
    const here = await liveCampaign(a);
    const there = await liveCampaign(a);
    const cookie = await visitorCookie(t.app, here.campaignId);
    await named(here, cookie, 'Two Boards');
    await share(here, cookie);
    await share(there, cookie);
    // Both boards read, so both are kept for their 10 s.
    expect((await board(here)).topSharers).toEqual([{ displayName: 'Two Boards', shares: 1 }]);
    expect((await board(there)).topSharers).toEqual([{ displayName: 'Two Boards', shares: 1 }]);
    // Opting out from one campaign's page leaves the other campaign's board too, at once.
    await named(here, cookie, 'Two Boards', false);
    expect((await board(there)).topSharers).toEqual([]);
    expect((await board(here)).topSharers).toEqual([]);
    // A new name from the other page shows on the first one's board at once.
    await named(there, cookie, 'Renamed Fan');
    expect((await board(here)).topSharers).toEqual([{ displayName: 'Renamed Fan', shares: 1 }]);
  });

  it('is kept 10 s for every visitor', async () => {
    const c = await liveCampaign(a);
    const cookie = await visitorCookie(t.app, c.campaignId);
    await named(c, cookie, 'Cached Fan');
    await share(c, cookie);
    expect((await board(c)).topSharers).toEqual([{ displayName: 'Cached Fan', shares: 1 }]);
    await share(c, cookie);
    // The same answer within the 10 s: one read per campaign, whatever the number of pages.
    expect((await board(c)).topSharers).toEqual([{ displayName: 'Cached Fan', shares: 1 }]);
  });

  it('counts recruits by referral generations, each recruit once, and only with opt-in', async () => {
    const c = await liveCampaign(a);
    const root = await visitorCookie(t.app, c.campaignId);
    await share(c, root, { ref: 'recRoot00001' });
    // Two people through the root's link: two recruits.
    const first = await referredVisitor(
      t.app,
      { campaignId: c.campaignId, ref: 'recRoot00001' },
      nextAddress(),
    );
    await share(c, first, { parentRef: 'recRoot00001', ref: 'recFirst0001' });
    // Their second share is no second recruit.
    await share(c, first, { parentRef: 'recRoot00001' });
    const second = await referredVisitor(
      t.app,
      { campaignId: c.campaignId, ref: 'recRoot00001' },
      nextAddress(),
    );
    await share(c, second, { parentRef: 'recRoot00001' });
    // Someone who came through the link and only opened a share window posted nothing: no recruit.
    const opener = await referredVisitor(
      t.app,
      { campaignId: c.campaignId, ref: 'recRoot00001' },
      nextAddress(),
    );
    await share(c, opener, { parentRef: 'recRoot00001', status: 'opened' });
    // Naming the root's link without having come through it: no new generation, no recruit.
    const claimer = await visitorCookie(t.app, c.campaignId);
    await share(c, claimer, { parentRef: 'recRoot00001' });
    // The root naming their own link: no recruit either.
    await share(c, root, { parentRef: 'recRoot00001' });
    // Someone who shared before coming through a link is not brought by it.
    const earlier = await visitorCookie(t.app, c.campaignId);
    await share(c, earlier, { ref: 'recEarly0001' });
    // The next generation: through the first recruit's link.
    const third = await referredVisitor(
      t.app,
      { campaignId: c.campaignId, ref: 'recFirst0001' },
      nextAddress(),
    );
    await share(c, third, { parentRef: 'recFirst0001' });

    await named(c, root, 'Root');
    await named(c, first, 'First');
    // Named but not on the board: recruits nobody publicly.
    await named(c, second, 'Second', false);
    const { topRecruiters } = await board(c);
    expect(topRecruiters).toEqual([
      { displayName: 'Root', recruits: 2 },
      { displayName: 'First', recruits: 1 },
    ]);

    // My Impact: the caller's recruits and place, nobody named.
    expect(await impact(c, root)).toMatchObject({ recruits: 2, rank: 1 });
    expect(await impact(c, first)).toMatchObject({ recruits: 1, rank: 2 });
    const mine = await impact(c, second);
    expect(mine).toMatchObject({ recruits: 0, rank: null });
    expect(JSON.stringify(await impact(c, first))).not.toMatch(/Root|displayName/);
    // Ties share a place: the second brings one too.
    await share(c, second, { ref: 'recSecond001' });
    const fifth = await referredVisitor(
      t.app,
      { campaignId: c.campaignId, ref: 'recSecond001' },
      nextAddress(),
    );
    await share(c, fifth, { parentRef: 'recSecond001' });
    expect(await impact(c, second)).toMatchObject({ recruits: 1, rank: 2 });
    expect(await impact(c, first)).toMatchObject({ recruits: 1, rank: 2 });
    // A visitor without a cookie: nothing, no place.
    const anon = await t.app.inject({ url: `/api/supporter/campaigns/${c.campaignId}/impact` });
    expect(anon.json()).toMatchObject({ recruits: 0, rank: null });
  });
});

describe('a hidden name', () => {
  it('leaves the public board and the staff leaderboard at once, and comes back when shown again', async () => {
    const c = await liveCampaign(a);
    const cookie = await visitorCookie(t.app, c.campaignId);
    await named(c, cookie, 'Rude Name');
    await share(c, cookie, { ref: 'hideRoot0001' });
    const friend = await referredVisitor(
      t.app,
      { campaignId: c.campaignId, ref: 'hideRoot0001' },
      nextAddress(),
    );
    await share(c, friend, { parentRef: 'hideRoot0001' });
    // Read (and cached) first.
    expect((await board(c)).topSharers.map((s) => s.displayName)).toContain('Rude Name');
    expect((await board(c)).topRecruiters).toEqual([{ displayName: 'Rude Name', recruits: 1 }]);
    const before = await leaderboard(a.token, `campaignId=${c.campaignId}`);
    const row = before.find((r) => r.name === 'Rude Name');
    expect(row).toMatchObject({ shares: 1, recruits: 1, hidden: false });
    const profileId = row?.profileId as number;

    const editor = await addMember(t.app, a, 'editor');
    const viewer = await addMember(t.app, a, 'viewer');
    const hideAs = (token: string, action = 'hide', id = profileId) =>
      t.app.inject({
        method: 'POST',
        url: `/api/organization/supporter-profiles/${id}/${action}`,
        headers: bearer(token),
      });
    expect((await hideAs(viewer.token)).statusCode).toBe(403);
    // Another organisation's editor does not even learn it exists.
    expect((await hideAs(b.token)).statusCode).toBe(404);
    expect((await hideAs(editor.token, 'hide', 999999)).statusCode).toBe(404);
    expect((await hideAs(editor.token)).statusCode).toBe(204);

    const hidden = await board(c);
    expect(JSON.stringify(hidden)).not.toContain('Rude Name');
    expect(hidden.topRecruiters).toEqual([]);
    const staff = await leaderboard(a.token, `campaignId=${c.campaignId}`);
    expect(JSON.stringify(staff)).not.toContain('Rude Name');
    // The supporter keeps their counts, under the anonymous label.
    const id = supporterIdOf(cookie.slice('rally_sid='.length)) as string;
    // The label is the organisation's own: another organisation would not see the same one.
    expect(anonymousLabel(t.app.visitorCookieKey, b.orgId, id)).not.toBe(
      anonymousLabel(t.app.visitorCookieKey, a.orgId, id),
    );
    expect(staff.find((r) => r.profileId === profileId)).toMatchObject({
      name: anonymousLabel(t.app.visitorCookieKey, a.orgId, id),
      shares: 1,
      recruits: 1,
      hidden: true,
    });
    expect(staff.find((r) => r.profileId === profileId)?.name).toMatch(/^Anonymous supporter [0-9a-f]{6}$/);
    // A new name stays hidden: editing does not undo the moderation.
    await named(c, cookie, 'Another Name');
    expect(JSON.stringify(await board(c))).not.toContain('Another Name');
    // The supporter still sees their own.
    expect(await impact(c, cookie)).toMatchObject({ shares: 1, recruits: 1, rank: 1 });

    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'target', 'actorId'])
      .where('organizationId', '=', a.orgId)
      .where('action', 'like', 'supporter_name.%')
      .execute();
    expect(audit).toEqual([
      { action: 'supporter_name.hidden', target: 'supporter name Rude Name', actorId: editor.userId },
    ]);

    expect((await hideAs(editor.token, 'unhide')).statusCode).toBe(204);
    expect((await board(c)).topRecruiters).toEqual([{ displayName: 'Another Name', recruits: 1 }]);
  });
});

describe('the staff leaderboard', () => {
  it('filters by campaign and period, ranks by shares then recruits, and exports CSV', async () => {
    const c = await liveCampaign(a);
    const other = await liveCampaign(a);
    const top = await visitorCookie(t.app, c.campaignId);
    const next = await visitorCookie(t.app, c.campaignId);
    await named(c, top, 'Top Sharer');
    await share(c, top, { ref: 'lbTop0000001' });
    await share(c, top);
    await share(c, next);
    await share(c, next);
    // Elsewhere in the organisation: only without the campaign filter.
    await share(other, next);
    const friend = await referredVisitor(
      t.app,
      { campaignId: c.campaignId, ref: 'lbTop0000001' },
      nextAddress(),
    );
    await share(c, friend, { parentRef: 'lbTop0000001' });

    const rows = await leaderboard(a.token, `kind=supporters&campaignId=${c.campaignId}`);
    expect(rows.map((r) => [r.rank, r.shares, r.recruits, r.clickThroughs])).toEqual([
      [1, 2, 1, 1],
      [2, 2, 0, 0],
      [3, 1, 0, 0],
    ]);
    expect(rows[0]?.name).toBe('Top Sharer');
    // Never the cookie itself.
    const nextId = supporterIdOf(next.slice('rally_sid='.length)) as string;
    expect(JSON.stringify(rows)).not.toContain(nextId);
    expect(rows[1]).toMatchObject({
      name: anonymousLabel(t.app.visitorCookieKey, a.orgId, nextId),
      profileId: null,
    });

    const all = await leaderboard(a.token, 'kind=supporters');
    expect(all.find((r) => r.name === anonymousLabel(t.app.visitorCookieKey, a.orgId, nextId))?.shares).toBe(
      3,
    );

    // The period: UTC days, both ends included. A share moved to last year leaves this year's.
    await t.database.db
      .updateTable('shares')
      .set({ createdAt: '2025-03-10T12:00:00.000Z' })
      .where('supporterId', '=', nextId)
      .where('campaignId', '=', other.campaignId)
      .execute();
    const lastYear = await leaderboard(a.token, 'from=2025-03-10&to=2025-03-10');
    expect(lastYear.map((r) => [r.name, r.shares])).toEqual([
      [anonymousLabel(t.app.visitorCookieKey, a.orgId, nextId), 1],
    ]);
    expect(await leaderboard(a.token, `campaignId=${c.campaignId}&from=2025-03-11&to=2025-03-31`)).toEqual(
      [],
    );

    const csv = await t.app.inject({
      url: `/api/organization/leaderboard.csv?kind=supporters&campaignId=${c.campaignId}`,
      headers: bearer(a.token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('rank,name,shares,clickThroughs,recruits');
    expect(lines[1]).toBe('1,Top Sharer,2,1,1');
    expect(lines).toHaveLength(4);

    for (const bad of [
      'kind=everyone',
      'from=2025-02-30',
      'from=2025-03-02&to=2025-03-01',
      'campaignId=abc',
      'x=1',
    ]) {
      const res = await t.app.inject({
        url: `/api/organization/leaderboard?${bad}`,
        headers: bearer(a.token),
      });
      expect(res.statusCode, bad).toBe(400);
      const file = await t.app.inject({
        url: `/api/organization/leaderboard.csv?${bad}`,
        headers: bearer(a.token),
      });
      expect(file.statusCode, bad).toBe(400);
    }
  });

  it('lists members by the shares they made signed in on the supporter page', async () => {
    const c = await liveCampaign(a);
    const member = await addMember(t.app, a, 'viewer');
    const cookie = await visitorCookie(t.app, c.campaignId);
    // Signed in (the bearer, or the session cookie a browser sends): recorded for the member.
    const own = await share(c, cookie, { token: member.token, ref: 'memberShare1' });
    const byCookie = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: { cookie: `${cookie}; token=${member.token}` },
      payload: { ...c, platform: 'twitter' },
    });
    expect(byCookie.statusCode).toBe(201);
    // Another organisation's member, a lapsed token, or none: a supporter's share.
    const foreign = await share(c, cookie, { token: b.token });
    const lapsed = await share(c, cookie, { token: 'not-a-session' });
    const plain = await share(c, cookie);
    const memberOf = async (id: number) =>
      (
        await t.database.db
          .selectFrom('shares')
          .select('memberId')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).memberId;
    expect(await memberOf(own.id)).toBe(member.userId);
    expect(await memberOf(byCookie.json().id)).toBe(member.userId);
    expect(await memberOf(foreign.id)).toBeNull();
    expect(await memberOf(lapsed.id)).toBeNull();
    expect(await memberOf(plain.id)).toBeNull();
    // Scheduled while signed in, too.
    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/api/shares/schedule',
      headers: { cookie, ...bearer(member.token) },
      payload: { ...c, platform: 'all', scheduledFor: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(await memberOf(scheduled.json().id)).toBe(member.userId);
    // Someone through the member's link: the member's recruit.
    const friend = await referredVisitor(
      t.app,
      { campaignId: c.campaignId, ref: 'memberShare1' },
      nextAddress(),
    );
    await share(c, friend, { parentRef: 'memberShare1' });

    const rows = await leaderboard(a.token, `kind=members&campaignId=${c.campaignId}`);
    expect(rows[0]).toMatchObject({ rank: 1, shares: 2, recruits: 1, clickThroughs: 1, profileId: null });
    expect(rows[0]?.name).toBeTruthy();
    // Every current member is listed, the rest with nothing yet; none of the other organisation.
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((r) => r.shares === 0 && r.rank === 2)).toBe(true);
    const theirs = await leaderboard(b.token, 'kind=members');
    expect(theirs.every((r) => r.shares === 0)).toBe(true);
  });

  it("never shows one organisation another's supporters or campaigns", async () => {
    const c = await liveCampaign(a);
    const cookie = await visitorCookie(t.app, c.campaignId);
    await named(c, cookie, 'Only In A');
    await share(c, cookie);
    const theirs = await leaderboard(b.token, 'kind=supporters');
    expect(JSON.stringify(theirs)).not.toContain('Only In A');
    const ids = new Set((await leaderboard(a.token, 'kind=supporters')).map((r) => r.name));
    expect(theirs.some((r) => ids.has(r.name))).toBe(false);
    // Another organisation's campaign as a filter: 404, as its id says nothing.
    for (const url of ['leaderboard', 'leaderboard.csv']) {
      const res = await t.app.inject({
        url: `/api/organization/${url}?campaignId=${c.campaignId}`,
        headers: bearer(b.token),
      });
      expect(res.statusCode).toBe(404);
    }
    // The same browser in another organisation: no name there until they give one there.
    const elsewhere = await liveCampaign(b);
    await share(elsewhere, cookie);
    expect(JSON.stringify(await board(elsewhere))).not.toContain('Only In A');
    expect(JSON.stringify(await leaderboard(b.token, 'kind=supporters'))).not.toContain('Only In A');
  });
});

describe("a supporter's data", () => {
  it('holds their display name in their export, and erasure removes it', async () => {
    const c = await liveCampaign(a);
    const cookie = await visitorCookie(t.app, c.campaignId);
    await named(c, cookie, 'Erase Me');
    await share(c, cookie);
    // The supporter's own export names it first.
    const mine = await t.app.inject({ url: '/api/supporter/my-data', headers: { cookie } });
    expect(mine.json().displayNames).toEqual([
      {
        organization: { id: a.orgId, name: expect.any(String) },
        displayName: 'Erase Me',
        onBoard: true,
        hidden: false,
      },
    ]);
    const erased = await t.app.inject({
      method: 'DELETE',
      url: '/api/supporter/my-data',
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(erased.statusCode, erased.body).toBe(204);
    const left = await t.database.db
      .selectFrom('supporterProfiles')
      .select('id')
      .where('displayName', '=', 'Erase Me')
      .execute();
    expect(left).toEqual([]);
    expect(JSON.stringify(await leaderboard(a.token, `campaignId=${c.campaignId}`))).not.toContain(
      'Erase Me',
    );
  });
});
