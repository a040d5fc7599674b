import { describe, expect, it } from 'vitest';
import { hashToken } from '../../modules/auth/index.ts';
import { postApiKey } from '../teams.ts';
import { appPerFile, postJson, requester, signUp } from '../test-app.ts';

// Issue 23 item 2 (a stolen session must not become a permanent takeover):
// what the session could mint while it was stolen must end when the owner takes the
// account back with a password reset (which "ends every session").

const t = appPerFile();
const as = requester(t);

async function resetWithToken(userId: number, newPassword: string) {
  const token = `R${Math.random().toString(36).slice(2)}`.padEnd(43, 'x');
  await t.database.db
    .insertInto('passwordResets')
    .values({
      userId,
      tokenHash: hashToken(token),
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      usedAt: null,
    })
    .execute();
  const res = await postJson(t.app, `/api/password-reset/${token}`, { newPassword });
  expect(res.statusCode, res.body).toBe(200);
}

describe('an API key minted with a stolen admin session', () => {
  it('stops working when the owner resets the password', async () => {
    const owner = await signUp(t.app);
    // The intruder, holding only the session token, makes a key for later.
    const made = await postApiKey(t.app, owner.token, { name: 'sync', role: 'editor' });
    expect(made.statusCode).toBe(201);
    const key = made.json().key as string;
    await resetWithToken(owner.userId, 'owners-new-pass');
    expect((await as('GET', '/api/user', owner.token)).statusCode).toBe(401);
    // The session is gone; the key it made is the intruder's way back in.
    expect((await as('GET', '/api/campaigns', key)).statusCode).toBe(401);
  });
});
