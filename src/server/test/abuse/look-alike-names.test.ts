import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../db/client.ts';
import { databaseBeforeAll } from '../../db/migration-test-db.ts';
import { nameKey } from '../../lib/name-key.ts';
import { appPerFile, bearer, postJson, signUp } from '../test-app.ts';

// Names that look the same to a person are the same name: case and Unicode
// compatibility forms (NFKC) do not make a new user or organisation.

const fullWidth = (s: string) =>
  [...s].map((c) => (/[!-~]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');

const t = appPerFile();

describe('usernames', () => {
  it('a look-alike of an existing username is 409', async () => {
    const base = `alice${randomBytes(3).toString('hex')}`;
    await signUp(t.app, { username: base, org: false });
    for (const twin of [base.toUpperCase(), `${base[0].toUpperCase()}${base.slice(1)}`, fullWidth(base)]) {
      const res = await postJson(t.app, '/api/register', {
        username: twin,
        email: 'twin@example.org',
        password: 'secret123',
      });
      expect(res.statusCode, twin).toBe(409);
      expect(res.json().message).toBe('Username already exists');
    }
  });

  it('the API does not show the internal key', async () => {
    const { token } = await signUp(t.app);
    const me = await t.app.inject({ url: '/api/user', headers: bearer(token) });
    expect(me.json()).not.toHaveProperty('usernameKey');
    const org = await t.app.inject({ url: '/api/organization', headers: bearer(token) });
    expect(org.json()).not.toHaveProperty('usernameKey');
  });
});

describe('organisation usernames', () => {
  it('a look-alike of an existing organisation username is 409', async () => {
    const base = `OrgA${randomBytes(3).toString('hex')}`;
    const first = await signUp(t.app, { org: false });
    const created = await postJson(
      t.app,
      '/api/organizations',
      { name: 'Org A', username: base },
      first.token,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).not.toHaveProperty('usernameKey');
    for (const twin of [base.toLowerCase(), base.toUpperCase()]) {
      const other = await signUp(t.app, { org: false });
      const res = await postJson(t.app, '/api/organizations', { name: 'Org B', username: twin }, other.token);
      expect(res.statusCode, twin).toBe(409);
      expect(res.json().message).toBe('Organization username already exists');
    }
  });
});

describe('the migration on a database that already holds look-alikes', () => {
  const before = databaseBeforeAll('0002-stats-covering-indexes');

  it('reports the collisions in the log and starts anyway', async () => {
    const { handle } = before;
    const now = new Date().toISOString();
    const user = (username: string) => ({ username, passwordHash: 'x', createdAt: now, updatedAt: now });
    const db = handle.db as any;
    await db
      .insertInto('users')
      .values([user('alice'), user('ALICE'), user('ａｌｉｃｅ'), user('bob')])
      .execute();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await migrateToLatest(handle);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/"ALICE" looks like #1 "alice"/);
    expect(String(warn.mock.calls[0][0])).toMatch(/"ａｌｉｃｅ" looks like #1 "alice"/);
    warn.mockRestore();
    const keys = await db.selectFrom('users').select(['username', 'usernameKey']).orderBy('id').execute();
    expect(keys).toEqual([
      { username: 'alice', usernameKey: 'alice' },
      { username: 'ALICE', usernameKey: null },
      { username: 'ａｌｉｃｅ', usernameKey: null },
      { username: 'bob', usernameKey: nameKey('bob') },
    ]);
    // From now on the key is unique.
    await expect(
      db
        .insertInto('users')
        .values({ ...user('Bob'), usernameKey: nameKey('Bob') })
        .execute(),
    ).rejects.toThrow();
  });
});
