import { beforeAll, describe, expect, it } from 'vitest';
import { UTM_VALUE_MESSAGE } from '#shared/utm.ts';
import { addMember } from '../../test/teams.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { errorMessages, postJson, sendJson, twoOrganizationsPerFile } from '../../test/test-app.ts';

// UTM tags on a campaign's tracked links: on by default, utm_medium and utm_campaign
// editable (blank goes back to the default), and the supporter view carries them so
// the page puts them on every link a supporter shares.

const { t, a, b, get } = twoOrganizationsPerFile();
let campaign: { id: number };

beforeAll(async () => {
  campaign = await createCampaign(t.app, a.token, { name: 'Spring Drive: Río 2026!' });
  await createAsset(t.app, a.token, campaign.id);
});

const put = (payload: object, token = a.token, id = campaign.id) =>
  sendJson(t.app, 'PUT', `/api/campaigns/${id}`, payload, token);
/** The tags the public supporter view gives this campaign's links. */
const publicTags = async () => (await get(`/api/supporter/campaigns/${campaign.id}`, '')).json().campaign.utm;

describe('UTM tags of a campaign', () => {
  it('are on by default, with medium social and the slug of the name', async () => {
    const staff = (await get(`/api/campaigns/${campaign.id}`, a.token)).json();
    expect(staff).toMatchObject({ utmEnabled: true, utmMedium: null, utmCampaign: null });
    expect(await publicTags()).toEqual({ medium: 'social', campaign: 'spring-drive-rio-2026' });
  });

  it('take the values staff set, at once on the public view; blank goes back to the default', async () => {
    const set = await put({ utmMedium: 'email', utmCampaign: 'spring_2026' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ utmEnabled: true, utmMedium: 'email', utmCampaign: 'spring_2026' });
    expect(await publicTags()).toEqual({ medium: 'email', campaign: 'spring_2026' });

    const reset = await put({ utmMedium: '', utmCampaign: null });
    expect(reset.json()).toMatchObject({ utmMedium: null, utmCampaign: null });
    expect(await publicTags()).toEqual({ medium: 'social', campaign: 'spring-drive-rio-2026' });
  });

  it('are left off when turned off, and come back when turned on', async () => {
    const off = await put({ utmEnabled: false });
    expect(off.json().utmEnabled).toBe(false);
    expect(await publicTags()).toBeNull();
    expect((await get(`/api/campaigns/${campaign.id}`, a.token)).json().utmEnabled).toBe(false);
    await put({ utmEnabled: true });
    expect(await publicTags()).toEqual({ medium: 'social', campaign: 'spring-drive-rio-2026' });
  });

  it('refuse values a link cannot carry as they are, and a non-boolean switch', async () => {
    for (const [payload, message] of [
      [{ utmCampaign: 'spring drive' }, UTM_VALUE_MESSAGE],
      [{ utmMedium: 'a&b=c' }, UTM_VALUE_MESSAGE],
      [{ utmCampaign: 'x'.repeat(101) }, 'UTM values must be at most 100 characters'],
      [{ utmEnabled: 'yes' }, 'utmEnabled must be a boolean'],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorMessages(res)).toContain(message);
    }
    expect(await publicTags()).toEqual({ medium: 'social', campaign: 'spring-drive-rio-2026' });
  });

  it("are the campaign's editors' to change: a viewer gets 403, another organisation 404", async () => {
    const viewer = await addMember(t.app, a, 'viewer');
    expect((await put({ utmEnabled: false }, viewer.token)).statusCode).toBe(403);
    expect((await put({ utmEnabled: false }, b.token)).statusCode).toBe(404);
    expect(await publicTags()).not.toBeNull();
  });
});

describe('a duplicated campaign', () => {
  it('keeps the UTM tags staff set (and a switch turned off), with its goal but not its date', async () => {
    const source = await createCampaign(t.app, a.token, { name: 'Autumn Drive' });
    await createAsset(t.app, a.token, source.id);
    const set = await put(
      {
        utmEnabled: false,
        utmMedium: 'newsletter',
        utmCampaign: 'autumn_2026',
        goal: { metric: 'shares', target: 500, deadline: '2099-12-31' },
      },
      a.token,
      source.id,
    );
    expect(set.statusCode, set.body).toBe(200);

    const res = await postJson(t.app, `/api/campaigns/${source.id}/duplicate`, {}, a.token);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      status: 'draft',
      utmEnabled: false,
      utmMedium: 'newsletter',
      utmCampaign: 'autumn_2026',
      goal: { metric: 'shares', target: 500, deadline: null },
    });
    // As stored, not only as answered.
    expect((await get(`/api/campaigns/${copy.id}`, a.token)).json()).toMatchObject({
      utmEnabled: false,
      utmMedium: 'newsletter',
      utmCampaign: 'autumn_2026',
    });
  });

  it('of a campaign with the default tags has the default tags', async () => {
    const source = await createCampaign(t.app, a.token, { name: 'Winter Drive' });
    await createAsset(t.app, a.token, source.id);
    const copy = (await postJson(t.app, `/api/campaigns/${source.id}/duplicate`, {}, a.token)).json();
    expect(copy).toMatchObject({ utmEnabled: true, utmMedium: null, utmCampaign: null });
  });
});
