import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_PERSONAL_MESSAGE, REPEATED_MESSAGE_THRESHOLD } from '#shared/constants.ts';
import { appPerFile } from '../../test/test-app.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { messageHash, normaliseMessage } from './message-nudge.ts';
import { MESSAGE_CHECKS_PER_MINUTE } from './shares.routes.ts';

// The personal-message nudge: shares keep only a keyed hash of the normalised message,
// and the public check says whether enough shares of the asset carried the same one.

const t = appPerFile();

async function seedAssets(titles = ['Poster', 'Leaflet']) {
  const db = t.database.db;
  const organizationId = await seedOrganization(db);
  const { campaignId, assetIds } = await seedCampaign(db, {
    organizationId,
    assets: titles.map((title) => ({ title, type: 'text' as const, content: `${title} text` })),
  });
  return { organizationId, campaignId, assetIds };
}

type Seeded = Awaited<ReturnType<typeof seedAssets>>;

const share = (s: Seeded, message: string | undefined, assetId = s.assetIds[0]!) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shares',
    payload: {
      assetId,
      campaignId: s.campaignId,
      organizationId: s.organizationId,
      platform: 'twitter',
      ...(message === undefined ? {} : { message }),
    },
  });

const check = (assetId: number | string, text?: string, remoteAddress?: string) =>
  t.app.inject({
    url: `/api/supporter/assets/${assetId}/message-check${text === undefined ? '' : `?text=${encodeURIComponent(text)}`}`,
    ...(remoteAddress && { remoteAddress }),
  });

async function shareTimes(s: Seeded, messages: string[], assetId?: number) {
  for (const m of messages) expect((await share(s, m, assetId)).statusCode).toBe(201);
}

describe('GET /api/supporter/assets/:id/message-check', () => {
  it(`is false for ${REPEATED_MESSAGE_THRESHOLD - 1} identical shares and true from the ${REPEATED_MESSAGE_THRESHOLD}th`, async () => {
    const s = await seedAssets();
    const text = 'Clean rivers matter to me';
    await shareTimes(s, Array(REPEATED_MESSAGE_THRESHOLD - 1).fill(text));
    const before = await check(s.assetIds[0]!, text);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ repeated: false, blocked: [] });
    await shareTimes(s, [text]);
    const after = await check(s.assetIds[0]!, text);
    // A yes or no only: no count, no other people's words.
    expect(after.body).toBe('{"repeated":true,"blocked":[]}');
    expect(after.headers['cache-control']).toBe('no-store');
    expect((await check(s.assetIds[0]!, 'Something else entirely')).json()).toEqual({
      repeated: false,
      blocked: [],
    });
  });

  it('counts messages that differ only in case, spacing or compatibility forms together', async () => {
    const s = await seedAssets();
    await shareTimes(s, [
      'Join me, friends!',
      '  JOIN ME,   friends!  ',
      'join\tme,\nfriends!',
      'Ｊｏｉｎ me, friends!',
      'join\u00a0me,  FRIENDS!',
    ]);
    expect((await check(s.assetIds[0]!, 'jOiN mE, FrIeNdS!')).json()).toEqual({
      repeated: true,
      blocked: [],
    });
    // Punctuation is part of the message.
    expect((await check(s.assetIds[0]!, 'Join me friends')).json()).toEqual({ repeated: false, blocked: [] });
  });

  it("does not count another asset's shares", async () => {
    const s = await seedAssets();
    const text = 'Share this with everyone you know';
    await shareTimes(s, Array(REPEATED_MESSAGE_THRESHOLD).fill(text), s.assetIds[1]);
    expect((await check(s.assetIds[0]!, text)).json()).toEqual({ repeated: false, blocked: [] });
    expect((await check(s.assetIds[1]!, text)).json()).toEqual({ repeated: true, blocked: [] });
  });

  it('answers 404 for an unknown or deleted asset and for one of a draft or archived campaign', async () => {
    const db = t.database.db;
    expect((await check(999_999, 'Hello there')).statusCode).toBe(404);
    for (const status of ['draft', 'archived']) {
      const s = await seedAssets();
      await db.updateTable('campaigns').set({ status }).where('id', '=', s.campaignId).execute();
      const res = await check(s.assetIds[0]!, 'Hello there');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Asset not found');
    }
    const s = await seedAssets();
    await db
      .updateTable('assets')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', s.assetIds[0]!)
      .execute();
    expect((await check(s.assetIds[0]!, 'Hello there')).statusCode).toBe(404);
  });

  it('answers 400 for a missing, empty or too long text, and for an id that is not one', async () => {
    const s = await seedAssets();
    const missing = await check(s.assetIds[0]!);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/text is required/);
    expect((await check(s.assetIds[0]!, '')).statusCode).toBe(400);
    const tooLong = await check(s.assetIds[0]!, 'x'.repeat(MAX_PERSONAL_MESSAGE + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(`at most ${MAX_PERSONAL_MESSAGE} characters`);
    expect((await check(s.assetIds[0]!, 'x'.repeat(MAX_PERSONAL_MESSAGE))).statusCode).toBe(200);
    expect((await check('abc', 'Hello there')).statusCode).toBe(400);
  });

  it(`rate limits each client address (${MESSAGE_CHECKS_PER_MINUTE}/min) with Retry-After`, async () => {
    const s = await seedAssets();
    const address = '198.51.100.20';
    for (let i = 0; i < MESSAGE_CHECKS_PER_MINUTE; i++) {
      expect((await check(s.assetIds[0]!, `attempt ${i}`, address)).statusCode).toBe(200);
    }
    const limited = await check(s.assetIds[0]!, 'one more', address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many requests/);
    // The key is the address the server saw, not anything the client sends.
    const forged = await t.app.inject({
      url: `/api/supporter/assets/${s.assetIds[0]}/message-check?text=forged`,
      remoteAddress: address,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forged.statusCode).toBe(429);
    expect((await check(s.assetIds[0]!, 'one more', '198.51.100.21')).statusCode).toBe(200);
  });
});

describe('POST /api/shares with a personal message', () => {
  it('stores a keyed hash of the normalised message and never its words', async () => {
    const s = await seedAssets();
    const message = 'My Very Own Words about rivers';
    const res = await share(s, message);
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('Own Words');
    const row = await t.database.db
      .selectFrom('shares')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row).toLowerCase();
    expect(stored).not.toContain('own words');
    expect(stored).not.toContain('rivers');
    const { value } = await t.database.db
      .selectFrom('appSecrets')
      .select('value')
      .where('name', '=', 'message-hash')
      .executeTakeFirstOrThrow();
    const expected = createHmac('sha256', Buffer.from(value, 'base64url'))
      .update('my very own words about rivers')
      .digest('base64url');
    expect(row.messageHash).toBe(expected);
  });

  it('stores nothing for no message or a blank one', async () => {
    const s = await seedAssets();
    for (const message of [undefined, '', '   \n\t ']) {
      const res = await share(s, message);
      expect(res.statusCode).toBe(201);
      const row = await t.database.db
        .selectFrom('shares')
        .select('messageHash')
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      expect(row.messageHash).toBeNull();
    }
  });

  it('refuses a message over the limit with a clear 400', async () => {
    const s = await seedAssets();
    const res = await share(s, 'x'.repeat(MAX_PERSONAL_MESSAGE + 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `Your personal message must be at most ${MAX_PERSONAL_MESSAGE} characters`,
    );
  });
});

describe('normaliseMessage and messageHash', () => {
  it('trims, case-folds, collapses whitespace and NFKC-normalises', () => {
    expect(normaliseMessage('  Straße\u3000IS\r\n\tＧＲＥＡＴ  ')).toBe('strasse is great');
    expect(normaliseMessage('ΟΔΟΣ')).toBe(normaliseMessage('οδος'));
  });

  it('depends on the key, so hashes cannot be matched against a list of phrases without it', () => {
    const text = 'Join me in supporting Clean Rivers!';
    const a = messageHash(Buffer.alloc(32, 1), text);
    expect(a).toBe(messageHash(Buffer.alloc(32, 1), `  ${text.toUpperCase()} `));
    expect(a).not.toBe(messageHash(Buffer.alloc(32, 2), text));
    expect(messageHash(Buffer.alloc(32, 1), ' ')).toBeNull();
  });
});
