import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '#shared/durations.ts';
import { WEBHOOK_EVENT_DATA, WEBHOOK_EVENTS, webhookPayloadSchema } from '#shared/schemas/webhooks.ts';
import { markConfirmed, reminderRunner } from '../../test/reminder-kit.ts';
import { startSmtp } from '../../test/smtp.ts';
import { addMember } from '../../test/teams.ts';
import { bearer, createTestApp, postJson, signUp, type SignedUp, type TestApp } from '../../test/test-app.ts';
import { clickThrough, scheduleShare, visitorCookie } from '../../test/visitor.ts';
import { type Receiver, runWebhookSender, startReceiver } from '../../test/webhook-receiver.ts';

// Every event type, caused for real through the API (or the job that causes it), as
// the receiver gets it: signed, in the documented shape, only for the organisation it
// happened in, and never for a change that did not happen.

const ORIGIN = 'https://rally.example';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Receiver;
let a: SignedUp;
let secret: string;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    ALLOW_PRIVATE_FETCH: '1',
    ROLLUP_INTERVAL_MS: '0',
    PUBLIC_URL: ORIGIN,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Rally <rally@example.org>',
    MAIL_HOLD_NEW_ORGS_HOURS: '0',
  });
  receiver = await startReceiver();
  a = await signUp(t.app);
  const res = await postJson(
    t.app,
    '/api/webhooks',
    { url: receiver.url, events: [...WEBHOOK_EVENTS] },
    a.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  ({ secret } = res.json());
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  await smtp.close();
});

interface Delivered {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** Runs the sender and answers what the receiver got since `from`, each verified with the endpoint's secret. */
async function deliveredSince(from: number): Promise<Delivered[]> {
  await runWebhookSender(t);
  return receiver.received.slice(from).map((r) => {
    const payload = new Webhook(secret).verify(r.body, {
      'webhook-id': r.headers['webhook-id'],
      'webhook-timestamp': r.headers['webhook-timestamp'],
      'webhook-signature': r.headers['webhook-signature'],
    }) as Delivered;
    // The documented shape: the envelope, and the data of its type.
    webhookPayloadSchema.parse(payload);
    WEBHOOK_EVENT_DATA[payload.type as keyof typeof WEBHOOK_EVENT_DATA].parse(payload.data);
    return payload;
  });
}

const api = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = a.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

async function newCampaign(token = a.token) {
  const res = await api('POST', '/api/campaigns', { name: 'Rivers' }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function newAsset(campaignId: number, token = a.token) {
  const res = await api(
    'POST',
    '/api/assets',
    { campaignId, title: 'Clean water', type: 'text', content: 'Rivers need us' },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

describe('the events of staff changes', () => {
  it('sends asset.created, asset.updated and each campaign status change, in order', async () => {
    const from = receiver.received.length;
    const campaign = await newCampaign();
    const asset = await newAsset(campaign.id);
    expect((await api('PUT', `/api/assets/${asset.id}`, { title: 'Cleaner water' })).statusCode).toBe(200);
    for (const status of ['active', 'paused', 'active', 'ended']) {
      const res = await api('PUT', `/api/campaigns/${campaign.id}`, {
        status,
        ...(status === 'ended' && { endDate: '2020-01-01' }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // An edit that changes no status sends no campaign event.
    expect((await api('PUT', `/api/campaigns/${campaign.id}`, { description: 'x' })).statusCode).toBe(200);
    expect((await api('DELETE', `/api/campaigns/${campaign.id}`)).statusCode).toBe(204);
    const got = await deliveredSince(from);
    expect(got.map((e) => e.type)).toEqual([
      'asset.created',
      'asset.updated',
      'campaign.published',
      'campaign.paused',
      'campaign.published',
      'campaign.ended',
      'campaign.archived',
    ]);
    expect(got[0].data).toMatchObject({
      id: asset.id,
      campaignId: campaign.id,
      type: 'text',
      title: 'Clean water',
    });
    expect(got[1].data).toMatchObject({ id: asset.id, title: 'Cleaner water' });
    expect(got[2].data).toMatchObject({
      id: campaign.id,
      name: 'Rivers',
      status: 'active',
      publicUrl: `${ORIGIN}/supporter/${campaign.id}`,
    });
    expect(got.at(-1)?.data).toMatchObject({ id: campaign.id, status: 'archived' });
  });

  it('sends nothing for a refused change, and nothing of another organisation', async () => {
    const campaign = await newCampaign();
    const from = receiver.received.length;
    // Publishing with no asset is refused: no event.
    expect((await api('PUT', `/api/campaigns/${campaign.id}`, { status: 'active' })).statusCode).toBe(409);
    const b = await signUp(t.app);
    const theirs = await newCampaign(b.token);
    await newAsset(theirs.id, b.token);
    expect((await deliveredSince(from)).map((e) => e.type)).toEqual([]);
  });

  it('sends member.joined and member.removed, with no address', async () => {
    const from = receiver.received.length;
    const member = await addMember(t.app, a, 'editor');
    expect((await api('DELETE', `/api/organization/members/${member.userId}`)).statusCode).toBe(204);
    const got = await deliveredSince(from);
    expect(got.map((e) => [e.type, e.data.userId, e.data.role])).toEqual([
      ['member.joined', member.userId, 'editor'],
      ['member.removed', member.userId, 'editor'],
    ]);
    expect(JSON.stringify(got)).not.toContain('@');
  });
});

describe('the events of supporters', () => {
  it('sends share.created (batched), share.scheduled, click.confirmed and reminder.sent', async () => {
    const campaign = await newCampaign();
    const asset = await newAsset(campaign.id);
    expect((await api('PUT', `/api/campaigns/${campaign.id}`, { status: 'active' })).statusCode).toBe(200);
    await deliveredSince(receiver.received.length);
    const from = receiver.received.length;
    const ids = { campaignId: campaign.id, assetId: asset.id, organizationId: a.orgId };
    const shared = [];
    for (const [i, platform] of ['twitter', 'facebook', 'linkedin'].entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shares',
        payload: { ...ids, platform, ref: `hookRef${i}${Date.now().toString(36)}`, language: 'en' },
      });
      expect(res.statusCode, res.body).toBe(201);
      shared.push(res.json() as { id: number; ref: string });
    }
    // A refused share (an asset of no campaign of theirs) sends nothing.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      payload: { ...ids, assetId: asset.id + 10_000, platform: 'twitter' },
    });
    expect(refused.statusCode).toBe(404);
    // A visitor follows the first share's link: a confirmed click-through.
    const click = await clickThrough(t.app, { campaignId: campaign.id, ref: shared[0].ref }, '198.51.100.7');
    expect(click.statusCode).toBe(204);
    // A scheduled share with an email reminder, to an address that confirmed.
    await markConfirmed(t, a.orgId, 'ada@example.org');
    const cookie = await visitorCookie(t.app, campaign.id);
    const scheduledFor = new Date(Date.now() + HOUR_MS).toISOString();
    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/api/shares/schedule',
      headers: { cookie },
      payload: {
        ...ids,
        platform: 'all',
        scheduledFor,
        reminder: { email: 'ada@example.org', consent: true },
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const got = await deliveredSince(from);
    const byType = Object.fromEntries(got.map((e) => [e.type, e.data]));
    expect(Object.keys(byType).sort()).toEqual(['click.confirmed', 'share.created', 'share.scheduled']);
    // The three shares in one message, in order, with what the analytics know of them.
    expect(got.filter((e) => e.type === 'share.created')).toHaveLength(1);
    expect(byType['share.created']).toEqual({
      shares: shared.map((s, i) => ({
        id: s.id,
        campaignId: campaign.id,
        assetId: asset.id,
        platform: ['twitter', 'facebook', 'linkedin'][i],
        outcome: 'shared',
        language: 'en',
        createdAt: expect.any(String),
      })),
    });
    expect(byType['click.confirmed']).toEqual({
      clicks: [
        {
          campaignId: campaign.id,
          shareId: shared[0].id,
          platform: 'twitter',
          confirmedAt: expect.any(String),
        },
      ],
    });
    expect(byType['share.scheduled']).toEqual({
      id: scheduled.json().id,
      campaignId: campaign.id,
      assetId: asset.id,
      platform: 'all',
      scheduledFor,
      reminder: 'email',
    });
    // Nothing of the supporter leaves: no address, no visitor id.
    expect(JSON.stringify(got)).not.toContain('ada@example.org');
    // At the share's time the reminder mail leaves the outbox: reminder.sent.
    const later = receiver.received.length;
    await reminderRunner(t, () => Date.parse(scheduledFor) + 30_000).runOnce();
    await expect.poll(() => smtp.messages.length).toBeGreaterThan(0);
    const sent = await deliveredSince(later);
    expect(sent.map((e) => [e.type, e.data.shareId, e.data.channel])).toEqual([
      ['reminder.sent', scheduled.json().id, 'email'],
    ]);
  });

  it('gives a share one share.created item per subscribed endpoint, with one endpoint or several', async () => {
    const c = await signUp(t.app);
    const campaign = await newCampaign(c.token);
    const asset = await newAsset(campaign.id, c.token);
    expect(
      (await api('PUT', `/api/campaigns/${campaign.id}`, { status: 'active' }, c.token)).statusCode,
    ).toBe(200);
    const endpoint = async () => {
      const res = await postJson(
        t.app,
        '/api/webhooks',
        { url: receiver.url, events: ['share.created'] },
        c.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const share = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shares',
        payload: { campaignId: campaign.id, assetId: asset.id, organizationId: c.orgId, platform: 'twitter' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const itemsOf = (shareId: number) =>
      t.database.db
        .selectFrom('webhookShareItems')
        .select('endpointId')
        .where('shareId', '=', shareId)
        .orderBy('endpointId')
        .execute();
    const first = await endpoint();
    const alone = await share();
    expect(await itemsOf(alone)).toEqual([{ endpointId: first }]);
    const second = await endpoint();
    const both = await share();
    expect(await itemsOf(both)).toEqual([{ endpointId: first }, { endpointId: second }]);
    // A scheduled share, posted: the share it becomes has its items (once each), the plan none.
    const cookie = await visitorCookie(t.app, campaign.id);
    const ids = { campaignId: campaign.id, assetId: asset.id, organizationId: c.orgId };
    const plan = await scheduleShare(t.app, cookie, { ...ids, inHours: 2 });
    expect(plan.statusCode, plan.body).toBe(201);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: { cookie },
      payload: { ...ids, platform: 'twitter', scheduledShareId: plan.json().id },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().id).not.toBe(plan.json().id);
    expect(await itemsOf(posted.json().id)).toEqual([{ endpointId: first }, { endpointId: second }]);
    expect(await itemsOf(plan.json().id)).toEqual([]);
  });
});
