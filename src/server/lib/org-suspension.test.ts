import { describe, expect, it } from 'vitest';
import { addressKey, loadAddressKeySecret } from './address-key.ts';
import {
  enqueueMail,
  holdOrganizationMail,
  OUTBOX_REASON,
  releaseOrganizationMail,
} from '../modules/outbox/index.ts';
import { mailingApps, reminderRunner } from '../test/reminder-kit.ts';
import { createAsset, createCampaign } from '../test/seed-api.ts';
import { bearer, json, postJson, sendJson, signUp, type TestApp } from '../test/test-app.ts';

// A suspended organisation (lib/org-suspension.ts): its public pages, embed cards and
// tracked links show the neutral 410 page, its QR files and API keys are refused, its
// members read but do not write, and its mail waits; restored, all of it comes back.

const ORIGIN = 'https://rally.example';
const REASON = 'Phishing reported by three recipients';
const kit = mailingApps(ORIGIN);

/** Suspends or restores, as an operator would (the cached supporter views told). */
async function setSuspended(t: TestApp, organizationId: number, suspended: boolean) {
  await t.database.db
    .updateTable('organizations')
    .set(
      suspended
        ? { suspendedAt: new Date().toISOString(), suspendedReason: REASON }
        : { suspendedAt: null, suspendedReason: null },
    )
    .where('id', '=', organizationId)
    .execute();
  if (suspended) await holdOrganizationMail(t.database.db, organizationId);
  else await releaseOrganizationMail(t.database.db, t.config, organizationId);
  t.deps.supporterCache.invalidateAll();
}

async function organizationWithCampaign(t: TestApp) {
  const admin = await signUp(t.app);
  const orgName = `Org of ${admin.username}`;
  const campaign = await createCampaign(t.app, admin.token, { name: 'Rivers Now' });
  await createAsset(t.app, admin.token, campaign.id);
  const key = json(
    await postJson(t.app, '/api/organization/api-keys', { name: 'CI', role: 'editor' }, admin.token),
  );
  return { admin, orgName, campaignId: campaign.id as number, apiKey: key.key as string };
}

/** A mail of the organisation into the outbox, as any of its mail is written. */
async function mailOf(t: TestApp, organizationId: number, to: string, expiresInMs = 3_600_000) {
  const secret = await loadAddressKeySecret(t.database.db);
  return enqueueMail(t.database.db, t.config, {
    kind: 'invitation',
    organizationId,
    to,
    recipientKey: addressKey(secret, to),
    subject: 'You are invited to join an organization on Rally',
    text: 'Join us',
    expiresAt: Date.now() + expiresInMs,
  });
}

describe('a suspended organisation', () => {
  it('is gone from the public, read-only for its members, its keys and mail stopped; restored, all comes back', async () => {
    const t = await kit.appWith();
    const { admin, orgName, campaignId, apiKey } = await organizationWithCampaign(t);
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
    const trackedLink = `/supporter/${campaignId}?ref=suspRef0001abcd`;
    const queuedBefore = await mailOf(t, admin.orgId, 'before@example.org');
    // Warm the cache: the suspension must reach views already cached.
    expect((await get(`/api/supporter/campaigns/${campaignId}`)).statusCode).toBe(200);
    expect((await get(`/supporter/${campaignId}`)).statusCode).toBe(200);

    await setSuspended(t, admin.orgId, true);

    const data = await get(`/api/supporter/campaigns/${campaignId}`);
    expect(data.statusCode).toBe(410);
    expect(data.json()).toMatchObject({
      code: 'CAMPAIGN_UNAVAILABLE',
      message: 'This campaign is not available',
    });
    for (const url of [`/supporter/${campaignId}`, `/supporter/campaign/${campaignId}`, trackedLink]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(410);
      expect(page.body).toContain('This campaign is not available');
      expect(page.body).not.toContain(orgName);
      expect(page.body).not.toContain('Rivers Now');
      expect(page.body).not.toContain('og:');
    }
    const card = await get(`/embed/${campaignId}`);
    expect(card.statusCode).toBe(410);
    expect(card.body).toContain('This campaign is not available');
    expect(card.body).not.toContain(orgName);
    for (const file of ['qr.svg', 'qr.png', 'poster.pdf']) {
      const res = await get(`/api/campaigns/${campaignId}/${file}`, bearer(admin.token));
      expect(res.statusCode, file).toBe(403);
      expect(res.json().code).toBe('ORGANIZATION_SUSPENDED');
    }
    const byKey = await get('/api/campaigns', bearer(apiKey));
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json()).toMatchObject({ code: 'ORGANIZATION_SUSPENDED' });
    expect(byKey.json().message).toContain(REASON);
    // Its members still read, and are told why they cannot write.
    expect((await get('/api/campaigns', bearer(admin.token))).statusCode).toBe(200);
    expect((await get('/api/organization', bearer(admin.token))).json()).toMatchObject({
      suspendedReason: REASON,
    });
    const write = await sendJson(
      t.app,
      'PUT',
      `/api/campaigns/${campaignId}`,
      { name: 'Renamed' },
      admin.token,
    );
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('ORGANIZATION_SUSPENDED');
    expect(write.json().message).toContain(REASON);
    // Mail waits: what was queued and what is written now; what passes its time expires with the reason.
    const during = await mailOf(t, admin.orgId, 'during@example.org');
    const lapsing = await mailOf(t, admin.orgId, 'lapsing@example.org', 1000);
    expect(during.status).toBe('held');
    await reminderRunner(t, () => Date.now() + 2000).runOnce();
    const rows = await t.database.db
      .selectFrom('outbox')
      .select(['id', 'status', 'reason'])
      .where('organizationId', '=', admin.orgId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: queuedBefore.id, status: 'held', reason: OUTBOX_REASON.organizationSuspended },
      { id: during.id, status: 'held', reason: OUTBOX_REASON.organizationSuspended },
      { id: lapsing.id, status: 'expired', reason: OUTBOX_REASON.organizationSuspended },
    ]);
    expect(kit.mailsTo('before@example.org')).toHaveLength(0);

    await setSuspended(t, admin.orgId, false);

    expect((await get(`/api/supporter/campaigns/${campaignId}`)).statusCode).toBe(200);
    const page = await get(trackedLink);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Rivers Now');
    expect((await get(`/embed/${campaignId}`)).statusCode).toBe(200);
    expect((await get(`/api/campaigns/${campaignId}/qr.svg`, bearer(admin.token))).statusCode).toBe(200);
    expect((await get('/api/campaigns', bearer(apiKey))).statusCode).toBe(200);
    const renamed = await sendJson(
      t.app,
      'PUT',
      `/api/campaigns/${campaignId}`,
      { name: 'Renamed' },
      admin.token,
    );
    expect(renamed.statusCode).toBe(200);
    await reminderRunner(t, () => Date.now()).runOnce();
    await kit.smtp.waitFor('before@example.org');
    await kit.smtp.waitFor('during@example.org');
  });
});
