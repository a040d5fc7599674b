import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../test/teams.ts';
import { createCampaign } from '../../test/seed-api.ts';
import { errorMessages, twoOrganizationsPerFile } from '../../test/test-app.ts';

// GET /api/organization/activity narrowed by member, action and period: what the
// activity log screen asks for. Admins only, and only ever the caller's organisation.

const { t, a, b, get } = twoOrganizationsPerFile();
let editor: Awaited<ReturnType<typeof addMember>>;
let viewer: Awaited<ReturnType<typeof addMember>>;

/** The actions and targets of the organisation's log as `token` reads it with this query. */
const read = async (query: string, token = a.token) => {
  const res = await get(`/api/organization/activity?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { action: string; target: string; actor: { id: number } | null; at: string }[]).map(
    (e) => ({ action: e.action, target: e.target, actorId: e.actor?.id, at: e.at }),
  );
};

beforeAll(async () => {
  editor = await addMember(t.app, a, 'editor');
  viewer = await addMember(t.app, a, 'viewer');
  await createCampaign(t.app, a.token, { name: 'Admin drive' });
  const made = await createCampaign(t.app, editor.token, { name: 'Editor drive' });
  const edit = await t.app.inject({
    method: 'PUT',
    url: `/api/campaigns/${made.id}`,
    headers: { authorization: `Bearer ${editor.token}` },
    payload: { description: 'Now described' },
  });
  expect(edit.statusCode).toBe(200);
  await createCampaign(t.app, b.token, { name: 'Other org drive' });
});

describe('GET /api/organization/activity filters', () => {
  it("narrows to one member's entries", async () => {
    const entries = await read(`actorId=${editor.userId}`);
    expect(entries.map((e) => e.action)).toEqual(['campaign.updated', 'campaign.created', 'member.joined']);
    expect(new Set(entries.map((e) => e.actorId))).toEqual(new Set([editor.userId]));
  });

  it('narrows to one action, or to a group of actions', async () => {
    expect((await read('action=campaign.created')).map((e) => e.target)).toEqual([
      'Editor drive',
      'Admin drive',
    ]);
    expect((await read('action=campaign')).map((e) => e.action)).toEqual([
      'campaign.updated',
      'campaign.created',
      'campaign.created',
    ]);
    expect((await read('action=member')).map((e) => e.action)).toEqual(['member.joined', 'member.joined']);
    // Another organisation's campaign never shows, under any filter.
    expect((await read('action=campaign')).some((e) => e.target === 'Other org drive')).toBe(false);
  });

  it('narrows to a period: from included, to excluded; combined with the other filters', async () => {
    const all = await read('limit=100');
    const newest = all[0];
    const at = encodeURIComponent(newest.at);
    expect((await read(`from=${at}`)).map((e) => e.at)).toEqual(
      all.filter((e) => e.at >= newest.at).map((e) => e.at),
    );
    expect((await read(`to=${at}&limit=100`)).every((e) => e.at < newest.at)).toBe(true);
    expect(await read('from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z')).toEqual([]);
    // An offset is an instant like any other.
    const later = encodeURIComponent('2999-01-01T00:00:00+02:00');
    expect(await read(`from=${later}`)).toEqual([]);
    const combined = await read(
      `actorId=${editor.userId}&action=campaign&to=${encodeURIComponent('2999-01-01T00:00:00Z')}`,
    );
    expect(combined.map((e) => e.action)).toEqual(['campaign.updated', 'campaign.created']);
  });

  it('refuses bad filters with a message on the field', async () => {
    const cases: [string, string][] = [
      ['action=DROP TABLE', 'action must be an action such as campaign.created, or a group such as campaign'],
      [
        'action=campaign.%25',
        'action must be an action such as campaign.created, or a group such as campaign',
      ],
      ['from=yesterday', 'from must be an ISO-8601 date-time (2026-05-01T00:00:00Z)'],
      ['actorId=abc', 'actorId must be a number'],
      ['actorId=0', 'actorId must be a positive integer'],
      ['from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z', 'The end of the period must be after its start'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/organization/activity?${query}`, a.token);
      expect(res.statusCode, query).toBe(400);
      expect(errorMessages(res), query).toContain(message);
    }
  });

  it('answers 404 for a member of another organisation or an unknown user, and shows nothing of theirs', async () => {
    for (const id of [b.userId, 999_999]) {
      const res = await get(`/api/organization/activity?actorId=${id}`, a.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Member not found');
    }
  });

  it('is for admins only: an editor and a viewer get 403; another admin reads only their own', async () => {
    for (const member of [editor, viewer]) {
      const res = await get(`/api/organization/activity?actorId=${member.userId}`, member.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This needs the admin role');
    }
    const theirs = await read('action=campaign', b.token);
    expect(theirs.map((e) => e.target)).toEqual(['Other org drive']);
    const intrusion = await get(`/api/organization/activity?actorId=${editor.userId}`, b.token);
    expect(intrusion.statusCode).toBe(404);
  });
});
