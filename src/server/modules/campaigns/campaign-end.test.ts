import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '#shared/durations.ts';
import { WEBHOOK_EVENT_DATA, webhookPayloadSchema } from '#shared/schemas/webhooks.ts';
import { JobRunner } from '../../jobs/runner.ts';
import {
  bearer,
  createTestApp,
  postJson,
  signUp,
  signUpOperator,
  type SignedUp,
  type TestApp,
} from '../../test/test-app.ts';
import { messagesOf } from '../../test/webhook-receiver.ts';
import { campaignEndJob } from './campaign-end.job.ts';

// A campaign whose end date passes by itself: the campaign-end job writes exactly one
// `campaign.ended` per subscribed endpoint, with `at` when it saw it, whatever the
// number of runners stepping at once and of runs after; none for a campaign with no
// end, an end ahead, or a draft or archived one (docs/decisions/0038-campaign-end-by-date.md).

const ORIGIN = 'https://rally.example';
// The job's clock: years after the real one, so dates ahead in real time can be past.
const NOW = Date.parse('2091-03-10T12:00:00.000Z');
let t: TestApp;
let a: SignedUp;
let b: SignedUp;
/** Endpoints of a: every event, campaign.ended only, campaign.published only; of b: campaign.ended. */
let all: number;
let endedOnly: number;
let notSubscribed: number;
let otherOrg: number;

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_FETCH: '1', ROLLUP_INTERVAL_MS: '0', PUBLIC_URL: ORIGIN });
  a = await signUp(t.app);
  b = await signUp(t.app);
  const endpoint = async (events: string[], token = a.token) => {
    const res = await postJson(t.app, '/api/webhooks', { url: 'http://127.0.0.1:9/hooks', events }, token);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  all = await endpoint(['campaign.published', 'campaign.paused', 'campaign.ended', 'campaign.archived']);
  endedOnly = await endpoint(['campaign.ended']);
  notSubscribed = await endpoint(['campaign.published']);
  otherOrg = await endpoint(['campaign.ended'], b.token);
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, token = a.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

/** A campaign with one asset, then `edits` applied in turn (each a PUT, or 'archive'). */
async function campaign(...edits: (object | 'archive')[]): Promise<number> {
  const res = await api('POST', '/api/campaigns', { name: `Rivers ${Math.random()}` });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: number };
  const asset = await api('POST', '/api/assets', {
    campaignId: id,
    title: 'Clean water',
    type: 'text',
    content: 'Rivers need us',
  });
  expect(asset.statusCode, asset.body).toBe(201);
  for (const edit of edits) {
    const r =
      edit === 'archive'
        ? await api('DELETE', `/api/campaigns/${id}`)
        : await api('PUT', `/api/campaigns/${id}`, edit);
    expect(r.statusCode, r.body).toBeLessThan(300);
  }
  return id;
}

/** A runner of the job alone, on its own clock (the app's runner has no timer here). */
const runner = (now: number) =>
  new JobRunner({
    db: t.database.db,
    dialect: t.database.dialect,
    jobs: [campaignEndJob({ config: t.config, now: () => now })],
    intervalMs: 0,
  });

interface Ended {
  id: number;
  status: string;
  publicUrl: string | null;
  at: string;
}

/** The `campaign.ended` messages written for an endpoint, oldest first. */
async function endedFor(endpointId: number): Promise<{ timestamp: string; data: Ended }[]> {
  const rows = await messagesOf(t, endpointId);
  return rows.filter((r) => r.kind === 'campaign.ended').map((r) => JSON.parse(r.body ?? 'null'));
}
const endedIds = async (endpointId: number, among: number[]) =>
  (await endedFor(endpointId)).map((m) => m.data.id).filter((id) => among.includes(id));

describe('campaign.ended when the end date passes', () => {
  it('is written once per subscribed endpoint, for live campaigns past their end only', async () => {
    const pastDay = await campaign({ status: 'active', endDate: '2091-03-09' });
    const pastInstant = await campaign(
      { status: 'active' },
      { status: 'paused', endDate: '2091-03-10T11:00:00Z' },
    );
    const today = await campaign({ status: 'active', endDate: '2091-03-10' });
    const ahead = await campaign({ status: 'active', endDate: '2091-04-01T00:00:00Z' });
    const noEnd = await campaign({ status: 'active' });
    const draft = await campaign({ endDate: '2091-03-09' });
    const archived = await campaign({ status: 'active', endDate: '2091-03-09' }, 'archive');
    const ids = [pastDay, pastInstant, today, ahead, noEnd, draft, archived];
    const publishedBefore = (await messagesOf(t, all)).length;

    // Two runners stepping at the same moment (two instances), then a later run.
    await Promise.all([runner(NOW).runOnce(), runner(NOW).runOnce()]);
    await runner(NOW + HOUR_MS).runOnce();

    expect(await endedIds(all, ids)).toEqual([pastDay, pastInstant]);
    expect(await endedIds(endedOnly, ids)).toEqual([pastDay, pastInstant]);
    expect(await endedIds(notSubscribed, ids)).toEqual([]);
    expect(await endedIds(otherOrg, ids)).toEqual([]);
    // Nothing but those two messages for the endpoint of every campaign event.
    expect((await messagesOf(t, all)).length).toBe(publishedBefore + 2);

    const [first] = (await endedFor(endedOnly)).filter((m) => m.data.id === pastDay);
    // `at` (and the envelope's time) is when the job saw it; the status shown is ended.
    expect(first.data).toEqual({
      id: pastDay,
      name: expect.any(String),
      status: 'ended',
      publicUrl: `${ORIGIN}/supporter/${pastDay}`,
      at: new Date(NOW).toISOString(),
    });
    expect(first.timestamp).toBe(new Date(NOW).toISOString());
    // The documented shape (the OpenAPI document's schema of the event).
    webhookPayloadSchema.parse(first);
    WEBHOOK_EVENT_DATA['campaign.ended'].parse(first.data);

    // The stored status stays as it was (the dashboard shows ended by the date), and
    // the job's mark is not part of the campaign.
    const shown = (await api('GET', `/api/campaigns/${pastInstant}`)).json();
    expect(shown.status).toBe('paused');
    expect(shown).not.toHaveProperty('endedEventAt');
  });

  it('a draft past its end sends nothing until it is published, then once', async () => {
    const draft = await campaign({ endDate: '2091-03-09' });
    await runner(NOW).runOnce();
    expect(await endedIds(all, [draft])).toEqual([]);
    expect((await api('PUT', `/api/campaigns/${draft}`, { status: 'active' })).statusCode).toBe(200);
    await runner(NOW).runOnce();
    await runner(NOW + DAY_MS).runOnce();
    expect(await endedIds(all, [draft])).toEqual([draft]);
  });

  it('ends again once its end is moved later and passes again', async () => {
    const id = await campaign({ status: 'active', endDate: '2091-03-09' });
    await runner(NOW).runOnce();
    expect(await endedIds(endedOnly, [id])).toEqual([id]);

    // Moved ahead: open again for supporters, and its next end is news again.
    expect((await api('PUT', `/api/campaigns/${id}`, { endDate: '2091-03-20' })).statusCode).toBe(200);
    await runner(NOW + HOUR_MS).runOnce();
    expect(await endedIds(endedOnly, [id])).toEqual([id]);
    await runner(Date.parse('2091-03-21T00:00:00.000Z')).runOnce();
    await runner(Date.parse('2091-03-22T00:00:00.000Z')).runOnce();
    const ends = (await endedFor(endedOnly)).filter((m) => m.data.id === id);
    expect(ends.map((m) => m.data.at)).toEqual([new Date(NOW).toISOString(), '2091-03-21T00:00:00.000Z']);
  });

  it('an edit that leaves the end passed, or ending it by hand afterwards, sends no second one', async () => {
    // Ended in real time too: the edits below see it past.
    const id = await campaign({ status: 'active', endDate: '2020-01-01' });
    await runner(NOW).runOnce();
    expect((await api('PUT', `/api/campaigns/${id}`, { name: 'Rivers, over' })).statusCode).toBe(200);
    // Moved, but still past: it ended all along.
    expect((await api('PUT', `/api/campaigns/${id}`, { endDate: '2019-06-01' })).statusCode).toBe(200);
    await runner(NOW + HOUR_MS).runOnce();
    expect((await api('PUT', `/api/campaigns/${id}`, { status: 'ended' })).statusCode).toBe(200);
    await runner(NOW + DAY_MS).runOnce();
    expect(await endedIds(all, [id])).toEqual([id]);
  });

  it('a campaign a member ended before its date passed is not sent again by the job', async () => {
    const id = await campaign({ status: 'active', endDate: '2091-03-09' }, { status: 'ended' });
    await runner(NOW).runOnce();
    // The member's end is the one event.
    expect(await endedIds(endedOnly, [id])).toEqual([id]);
  });

  it("two steps at the same moment outside the runners' lock still mark and send each campaign once", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await campaign({ status: 'active', endDate: '2091-03-09' }));
    const job = () => campaignEndJob({ config: t.config, now: () => NOW });
    // Two instances' steps, each in its own transaction, not through the advisory lock:
    // the mark is the update's own condition.
    await Promise.all([job(), job()].map((j) => t.database.db.transaction().execute((trx) => j.step(trx))));
    expect(await endedIds(endedOnly, ids)).toEqual(ids);
    expect(await endedIds(all, ids)).toEqual(ids);
  });

  it('works in batches: a full batch steps again in the same tick', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await campaign({ status: 'active', endDate: '2091-03-09' }));
    await new JobRunner({
      db: t.database.db,
      dialect: t.database.dialect,
      jobs: [campaignEndJob({ config: t.config, now: () => NOW, batch: 2 })],
      intervalMs: 0,
    }).runOnce();
    expect(await endedIds(endedOnly, ids)).toEqual(ids);
  });

  it("shows on the instance's health how long an end has waited for its event, 0 once sent", async () => {
    const operator = await signUpOperator(t);
    const lag = async () => {
      const res = await api('GET', '/api/instance/health', undefined, operator.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().jobs.find((j: { name: string }) => j.name === 'campaign-end').lagSeconds as number;
    };
    // Ended in real time: a plain date's end is the next midnight UTC.
    await campaign({ status: 'active', endDate: '2020-01-01' });
    expect(await lag()).toBeGreaterThanOrEqual((Date.now() - Date.parse('2020-01-02T00:00:00Z')) / 1000 - 60);
    await runner(Date.now()).runOnce();
    expect(await lag()).toBe(0);
  });
});
