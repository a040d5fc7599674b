import { beforeAll, describe, expect, it } from 'vitest';
import { composeShareText } from '#shared/share-text.ts';
import { addMember } from '../../test/teams.ts';
import { visitorCookie } from '../../test/visitor.ts';
import {
  BLOCKED_NAMING_SPENT,
  BLOCKED_NAMINGS_PER_NETWORK,
  BLOCKED_NAMINGS_PER_VISITOR,
} from './blocked-naming.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { postJson, sendJson, twoOrganizationsPerFile } from '../../test/test-app.ts';

// Issue 30's guardrails on what supporters post (docs/api.md "Disclosure line",
// "Locked text", "Blocked words"): the staff fields, what the public view carries, and
// each refusal of the share and schedule calls.

const { t, a, b, get } = twoOrganizationsPerFile();
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

let campaign: { id: number; organizationId: number };
let locked: { id: number };
let editable: { id: number };
const DISCLOSURE = '#ad I volunteer with Friends of the Park';
const WORDS = 'Save the park on Saturday';

const putCampaign = (payload: object, token = a.token, id = campaign.id) =>
  sendJson(t.app, 'PUT', `/api/campaigns/${id}`, payload, token);
const putSettings = (payload: object, token = a.token) =>
  sendJson(t.app, 'PUT', '/api/organization/settings', payload, token);
const ids = (asset: { id: number }) => ({
  assetId: asset.id,
  campaignId: campaign.id,
  organizationId: campaign.organizationId,
});
const schedule = (asset: { id: number }, text?: string) =>
  postJson(t.app, '/api/shares/schedule', {
    ...ids(asset),
    platform: 'all',
    scheduledFor: hoursFromNow(3),
    ...(text === undefined ? {} : { text }),
  });
const share = (asset: { id: number }, message?: string) =>
  postJson(t.app, '/api/shares', { ...ids(asset), platform: 'twitter', ...(message && { message }) });
const check = (asset: { id: number }, text: string) =>
  t.app.inject({ url: `/api/supporter/assets/${asset.id}/message-check?text=${encodeURIComponent(text)}` });
const publicView = async () => (await get(`/api/supporter/campaigns/${campaign.id}`, '')).json();

beforeAll(async () => {
  campaign = await createCampaign(t.app, a.token, { name: 'Park Day', disclosure: `  ${DISCLOSURE}  ` });
  locked = await createAsset(t.app, a.token, campaign.id, { content: WORDS });
  editable = await createAsset(t.app, a.token, campaign.id, {
    content: 'Come to the park',
    textEditable: true,
  });
});

describe('disclosure line', () => {
  it('is trimmed on create, carried by the staff and the public view, and blank clears it', async () => {
    expect(campaign).toMatchObject({ disclosure: DISCLOSURE });
    expect((await publicView()).campaign.disclosure).toBe(DISCLOSURE);
    const other = await createCampaign(t.app, a.token, { name: 'No line' });
    expect(other.disclosure).toBeNull();
    const set = await putCampaign({ disclosure: '#ad' }, a.token, other.id);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().disclosure).toBe('#ad');
    expect((await putCampaign({ disclosure: '   ' }, a.token, other.id)).json().disclosure).toBeNull();
    expect((await putCampaign({ disclosure: '#ad' }, a.token, other.id)).json().disclosure).toBe('#ad');
    expect((await putCampaign({ disclosure: null }, a.token, other.id)).json().disclosure).toBeNull();
  });

  it('is at most 100 characters: a clear 400 on the field', async () => {
    const res = await putCampaign({ disclosure: 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'disclosure' }] });
    expect((await putCampaign({ disclosure: 'x'.repeat(100) })).statusCode).toBe(200);
    expect((await putCampaign({ disclosure: DISCLOSURE })).statusCode).toBe(200);
  });

  it('a viewer may not set it; another organisation gets 404', async () => {
    const viewer = await addMember(t.app, a, 'viewer');
    expect((await putCampaign({ disclosure: '#x' }, viewer.token)).statusCode).toBe(403);
    expect((await putCampaign({ disclosure: '#x' }, b.token)).statusCode).toBe(404);
  });

  it('a scheduled text must end with it (trailing spaces aside)', async () => {
    const refused = await schedule(locked, `Me too\n\n${WORDS}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `The post must end with the campaign's disclosure: "${DISCLOSURE}"`,
      errors: [{ path: 'text', rule: 'invalid' }],
    });
    // The line anywhere but at the end is no disclosure.
    expect((await schedule(locked, `${DISCLOSURE}\n\n${WORDS}`)).statusCode).toBe(400);
    const view = await publicView();
    const asset = view.assets.find((x: { id: number }) => x.id === locked.id);
    const composed = composeShareText(asset, view.campaign, 'Me too');
    expect(composed.endsWith(`\n\n${DISCLOSURE}`)).toBe(true);
    expect((await schedule(locked, composed)).statusCode).toBe(201);
    expect((await schedule(locked, `${composed}  \n`)).statusCode).toBe(201);
    // No text recorded: nothing to check.
    expect((await schedule(locked)).statusCode).toBe(201);
    // A logged share records no text.
    expect((await share(locked)).statusCode).toBe(201);
  });
});

describe('locked text', () => {
  it('is the default; staff may let supporters edit, and the public view says which', async () => {
    expect(locked).toMatchObject({ textEditable: false });
    expect(editable).toMatchObject({ textEditable: true });
    const staff = (await get(`/api/campaigns/${campaign.id}`, a.token)).json();
    expect(staff.assets.map((x: { textEditable: boolean }) => x.textEditable)).toEqual([false, true]);
    const view = await publicView();
    expect(view.assets.map((x: { textEditable: boolean }) => x.textEditable)).toEqual([false, true]);
    const flip = await sendJson(t.app, 'PUT', `/api/assets/${editable.id}`, { textEditable: false }, a.token);
    expect(flip.json().textEditable).toBe(false);
    const back = await sendJson(t.app, 'PUT', `/api/assets/${editable.id}`, { textEditable: true }, a.token);
    expect(back.json().textEditable).toBe(true);
    const bad = await sendJson(t.app, 'PUT', `/api/assets/${editable.id}`, { textEditable: 'yes' }, a.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'textEditable' });
  });

  it("holds a scheduled share of a locked asset to the asset's words, in any language or variant", async () => {
    const refused = await schedule(locked, `Me too\n\nSave the park on Sunday\n\n${DISCLOSURE}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: "This asset's text cannot be changed; add your own message above it",
      errors: [{ path: 'text' }],
    });
    expect((await schedule(locked, `Me too\n\n${WORDS}\n\n${DISCLOSURE}`)).statusCode).toBe(201);

    // A campaign in two languages, with variants: any of them is the asset's words.
    const two = await createCampaign(t.app, a.token, { name: 'Two', languages: ['en', 'es'] });
    const asset = await createAsset(t.app, a.token, two.id, {
      content: 'Hello park',
      translations: { es: { shareText: 'Hola parque' } },
      variants: [{ text: 'Variant park' }],
    });
    const at = (text: string) =>
      postJson(t.app, '/api/shares/schedule', {
        assetId: asset.id,
        campaignId: two.id,
        organizationId: two.organizationId,
        platform: 'all',
        scheduledFor: hoursFromNow(3),
        text,
      });
    expect((await at('Yo\n\nHola parque')).statusCode).toBe(201);
    expect((await at('Me\n\nVariant park')).statusCode).toBe(201);
    expect((await at('Me\n\nHello park')).statusCode).toBe(201);
    expect((await at('Hello park')).statusCode).toBe(201);
    expect((await at('Me\n\nGoodbye park')).statusCode).toBe(400);
    // The words are the post's ending: nothing after them, and they are not part of a longer line.
    expect((await at('Me\n\nHello parks!')).statusCode).toBe(400);
    expect((await at('Me\n\nHello park\n\nbut not really')).statusCode).toBe(400);
    expect((await at('Me: Hello park')).statusCode).toBe(400);
  });

  it("refuses a locked asset's post with anything but a message above the words", async () => {
    const refusals = [
      // Text after the words, before the line.
      `Me too\n\n${WORDS}\n\nNot really, stay home\n\n${DISCLOSURE}`,
      `Me too\n\n${WORDS} (just kidding)\n\n${DISCLOSURE}`,
      // Text after the line (the line still ends the post, so only the words' check sees it).
      `Me too\n\n${WORDS}\n\nStay home ${DISCLOSURE}`,
      // The words altered around the organisation's own.
      `Me too\n\nDo not ${WORDS}\n\n${DISCLOSURE}`,
      `Me too ${WORDS}\n\n${DISCLOSURE}`,
      // The line alone, or the words missing.
      `${WORDS}${DISCLOSURE}`,
      DISCLOSURE,
    ];
    for (const text of refusals) {
      const res = await schedule(locked, text);
      expect(res.statusCode, text).toBe(400);
    }
    expect((await schedule(locked, `${WORDS}\n\n${DISCLOSURE}`)).statusCode).toBe(201);
    expect((await schedule(locked, `Line one\n\nline two\n\n${WORDS}\n\n${DISCLOSURE}`)).statusCode).toBe(
      201,
    );
  });

  it('a duplicated campaign keeps its line and its assets their choice', async () => {
    const copy = await postJson(t.app, `/api/campaigns/${campaign.id}/duplicate`, {}, a.token);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().disclosure).toBe(DISCLOSURE);
    expect(copy.json().assets.map((x: { textEditable: boolean }) => x.textEditable)).toEqual([false, true]);
  });

  it('lets the words of an editable asset change', async () => {
    const res = await schedule(editable, `My own words about the park\n\n${DISCLOSURE}`);
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('blocked words', () => {
  const LIST = ['scam', 'vote for them', 'café'];

  it('are set by an admin, trimmed and once each, and read by members only', async () => {
    const editor = await addMember(t.app, a, 'editor');
    expect((await putSettings({ guardrails: { blockedWords: ['x'] } }, editor.token)).statusCode).toBe(403);
    const set = await putSettings({
      guardrails: { blockedWords: ['  scam ', 'vote   for them', 'scam', 'café'] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().guardrails.blockedWords).toEqual(LIST);
    const viewer = await addMember(t.app, a, 'viewer');
    expect((await get('/api/organization/settings', viewer.token)).json().guardrails.blockedWords).toEqual(
      LIST,
    );
    // Another organisation's list is its own.
    expect((await get('/api/organization/settings', b.token)).json().guardrails.blockedWords).toEqual([]);
    expect((await t.app.inject({ url: '/api/organization/settings' })).statusCode).toBe(401);
    // The public page never carries the list.
    const page = await t.app.inject({ url: `/supporter/${campaign.id}` });
    const json = (await get(`/api/supporter/campaigns/${campaign.id}`, '')).body;
    for (const body of [page.body, json]) {
      expect(body).not.toContain('vote for them');
      expect(body).not.toContain('blockedWords');
    }
  });

  it('refuse a list past its bounds with a clear 400', async () => {
    const long = await putSettings({ guardrails: { blockedWords: ['x'.repeat(61)] } });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('guardrails.blockedWords.0');
    expect((await putSettings({ guardrails: { blockedWords: ['  '] } })).statusCode).toBe(400);
    // Invisible characters only (zero-width space, soft hyphen) would match nothing.
    const invisible = await putSettings({ guardrails: { blockedWords: ['\u200b\u00ad'] } });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().errors[0].path).toBe('guardrails.blockedWords.0');
    const many = Array.from({ length: 201 }, (_, i) => `word${i}`);
    expect((await putSettings({ guardrails: { blockedWords: many } })).statusCode).toBe(400);
    expect((await putSettings({ guardrails: { blockedWords: 'scam' } })).statusCode).toBe(400);
    expect((await get('/api/organization/settings', a.token)).json().guardrails.blockedWords).toEqual(LIST);
  });

  it('refuse a logged share whose message has one, naming the supporter spelling', async () => {
    // Cyrillic а in a Latin word.
    const res = await share(locked, 'This is a Sc\u0430m, really');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'BLOCKED_WORD',
      message: 'Your message contains a word this organisation does not allow: "Sc\u0430m". Please edit it.',
      errors: [{ path: 'message', message: expect.stringContaining('Sc\u0430m') }],
      params: { word: 'Sc\u0430m' },
    });
    // Case and accents: CAFE matches café.
    expect((await share(locked, 'See you at the CAFE')).json().params).toEqual({ word: 'CAFE' });
    // Leet digits, and a phrase across punctuation.
    expect((await share(locked, 'what a $c4m')).json().params).toEqual({ word: '$c4m' });
    // Spelled out letter by letter, or in small capitals.
    expect((await share(locked, 'what a s.c.a.m')).json().params).toEqual({ word: 's.c.a.m' });
    expect((await share(locked, 'what a \ua731\u1d04\u1d00\u1d0d')).json().params).toEqual({
      word: '\ua731\u1d04\u1d00\u1d0d',
    });
    expect((await share(locked, 'Vote... for them!')).json().params).toEqual({ word: 'Vote... for them' });
    // Whole words only; no message, nothing to check.
    expect((await share(locked, 'Scampi at the cafeteria')).statusCode).toBe(201);
    expect((await share(locked)).statusCode).toBe(201);
  });

  it("refuse a scheduled text with one in the supporter's words, not in the organisation's", async () => {
    const refused = await schedule(editable, `A ｓｃａｍ!\n\n${DISCLOSURE}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'BLOCKED_WORD',
      errors: [{ path: 'text' }],
      params: { word: 'ｓｃａｍ' },
    });
    // The organisation's own words may name it: a campaign against scams.
    const warn = await createAsset(t.app, a.token, campaign.id, { content: 'Report every scam you see' });
    expect((await schedule(warn, `Please do\n\nReport every scam you see\n\n${DISCLOSURE}`)).statusCode).toBe(
      201,
    );
    expect((await schedule(warn, `A scam!\n\nReport every scam you see\n\n${DISCLOSURE}`)).statusCode).toBe(
      400,
    );
  });

  it("the message check names them as spelled, never the list; another organisation's list does not apply", async () => {
    const res = await check(locked, 'Such a SCAM, vote for them at the café');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ repeated: false, blocked: ['SCAM', 'vote for them', 'café'] });
    expect((await check(locked, 'All fine here')).json()).toEqual({ repeated: false, blocked: [] });

    const theirs = await createCampaign(t.app, b.token, { name: 'B campaign' });
    const asset = await createAsset(t.app, b.token, theirs.id);
    expect((await check(asset, 'a scam')).json().blocked).toEqual([]);
    const shared = await postJson(t.app, '/api/shares', {
      assetId: asset.id,
      campaignId: theirs.id,
      organizationId: theirs.organizationId,
      platform: 'twitter',
      message: 'a scam',
    });
    expect(shared.statusCode).toBe(201);
  });

  it('naming them spends a budget per signed visitor and per network: past it, 429', async () => {
    const from = (address: string, cookie?: string) => ({
      remoteAddress: address,
      headers: cookie ? { cookie } : {},
    });
    const checkAs = (address: string, cookie: string | undefined, text: string) =>
      t.app.inject({
        url: `/api/supporter/assets/${locked.id}/message-check?text=${encodeURIComponent(text)}`,
        ...from(address, cookie),
      });
    const shareAs = (address: string, cookie: string | undefined, message: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shares',
        payload: { ...ids(locked), platform: 'twitter', message },
        ...from(address, cookie),
      });
    const spent = (res: { statusCode: number; json(): { message: string } }) => {
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(BLOCKED_NAMING_SPENT);
    };

    // One visitor: its naming answers are counted, answers naming nothing are not.
    const one = await visitorCookie(t.app, campaign.id);
    for (let i = 0; i < BLOCKED_NAMINGS_PER_VISITOR; i++) {
      expect((await checkAs('198.51.100.30', one, `all fine ${i}`)).json().blocked).toEqual([]);
      const res = await checkAs('198.51.100.30', one, `a scam ${i}`);
      expect(res.json().blocked).toEqual(['scam']);
    }
    const past = await checkAs('198.51.100.30', one, 'a scam again');
    spent(past);
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(0);
    // Past the budget every message is a 429, whatever it says: a 429 for blocked words
    // only would tell which words are blocked. Checks, shares and schedules alike.
    spent(await checkAs('198.51.100.30', one, 'all fine'));
    spent(await checkAs('198.51.100.30', one, 'is scam blocked?'));
    spent(await checkAs('198.51.100.30', one, 'is swindle blocked?'));
    spent(await shareAs('198.51.100.30', one, 'a scam'));
    spent(await shareAs('198.51.100.30', one, 'all fine'));
    spent(
      await t.app.inject({
        method: 'POST',
        url: '/api/shares/schedule',
        payload: {
          ...ids(editable),
          platform: 'all',
          scheduledFor: hoursFromNow(3),
          text: `All fine\n\n${DISCLOSURE}`,
        },
        ...from('198.51.100.30', one),
      }),
    );
    // A share without words of the supporter's own names nothing: it is recorded.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/shares',
          payload: { ...ids(locked), platform: 'twitter' },
          ...from('198.51.100.30', one),
        })
      ).statusCode,
    ).toBe(201);
    // Another visitor on that network has a budget of its own.
    const two = await visitorCookie(t.app, campaign.id);
    expect((await checkAs('198.51.100.30', two, 'a scam')).json().blocked).toEqual(['scam']);
    expect((await shareAs('198.51.100.30', two, 'a scam')).json().code).toBe('BLOCKED_WORD');

    // Fresh cookies do not buy a network more: every naming answer on it counts.
    let named = 0;
    let cookie = '';
    while (named < BLOCKED_NAMINGS_PER_NETWORK) {
      if (named % BLOCKED_NAMINGS_PER_VISITOR === 0) cookie = await visitorCookie(t.app, campaign.id);
      // Half checks, half refused shares: each route's own per-minute limit is not what stops it.
      const res =
        named % 2 === 0
          ? await checkAs('198.51.100.31', cookie, 'a scam')
          : await shareAs('198.51.100.31', cookie, 'a scam');
      expect(res.statusCode, `answer ${named}`).toBe(named % 2 === 0 ? 200 : 400);
      named++;
    }
    const fresh = await visitorCookie(t.app, campaign.id);
    spent(await checkAs('198.51.100.31', fresh, 'a scam'));
    spent(await checkAs('198.51.100.31', undefined, 'a scam'));
    spent(await checkAs('198.51.100.31', fresh, 'all fine'));
    // Another network is untouched.
    expect((await checkAs('198.51.100.32', fresh, 'a scam')).json().blocked).toEqual(['scam']);
  });
});
