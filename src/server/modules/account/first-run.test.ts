import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../test/teams.ts';
import { appPerFile, bearer, postJson, type SignedUp, signUp } from '../../test/test-app.ts';

const t = appPerFile();
let admin: SignedUp;
beforeAll(async () => {
  admin = await signUp(t.app, { password: 'secret123' });
});

const steps = async (token: string) =>
  (await t.app.inject({ url: '/api/user/first-run', headers: bearer(token) })).json().steps;
const mark = (token: string, step: string) =>
  t.app.inject({ method: 'PUT', url: `/api/user/first-run/${step}`, headers: bearer(token) });

describe("a member's getting-started checklist", () => {
  it('remembers a done step on the server, in a new sign-in too, once however often it is marked', async () => {
    expect(await steps(admin.token)).toEqual([]);
    expect((await mark(admin.token, 'linkCopied')).statusCode).toBe(204);
    expect((await mark(admin.token, 'linkCopied')).statusCode).toBe(204);
    expect((await mark(admin.token, 'dismissed')).statusCode).toBe(204);
    // Another device: a fresh sign-in reads the same steps.
    const login = await postJson(t.app, '/api/login', { username: admin.username, password: 'secret123' });
    expect(await steps(login.json().token)).toEqual(['linkCopied', 'dismissed']);
  });

  it("is each member's own, and any role may tick theirs", async () => {
    const viewer = await addMember(t.app, admin, 'viewer');
    expect(await steps(viewer.token)).toEqual([]);
    expect((await mark(viewer.token, 'supporterOpened')).statusCode).toBe(204);
    expect(await steps(viewer.token)).toEqual(['supporterOpened']);
    expect(await steps(admin.token)).toEqual(['linkCopied', 'dismissed']);
  });

  it('refuses an unknown step with a message, and a caller without an organisation or session', async () => {
    const res = await mark(admin.token, 'launched');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Unknown checklist step');
    const newcomer = await signUp(t.app, { org: false });
    expect((await mark(newcomer.token, 'linkCopied')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user/first-run' })).statusCode).toBe(401);
  });
});
