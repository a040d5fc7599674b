import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../db/client.ts';
import { databaseBeforeAll } from '../../db/migration-test-db.ts';
import { USERNAME_INVISIBLE, USERNAME_MIXED_SCRIPTS } from '#shared/username.ts';
import { nameKey } from '../../lib/name-key.ts';
import { appPerFile, bearer, postJson, signUp } from '../test-app.ts';

// Names that look the same to a person are the same name: case, Unicode
// compatibility forms (NFKC) and the confusables of UTS #39 (the skeleton) do not
// make a new user or organisation.

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

  it('every look-alike attack on an existing name is refused: 409 for a twin, 400 for invisible characters', async () => {
    // Digits only after the letters, so that an all-Cyrillic twin is of one script.
    const digits = String(randomInt(1e6, 1e7));
    const base = `scope${digits}`;
    await signUp(t.app, { username: base, org: false });
    const attacks: [string, string, number][] = [
      ['upper case', base.toUpperCase(), 409],
      ['Cyrillic ѕсоре, one script', `\u0455\u0441\u043e\u0440\u0435${digits}`, 409],
      ['Greek ο for o', `sc\u03bfpe${digits}`, 400],
      ['zero for o', `sc0pe${digits}`, 409],
      ['Cyrillic е among Latin letters', `scop\u0435${digits}`, 400],
      ['soft hyphen', `sco\u00adpe${digits}`, 400],
      ['zero-width space', `${base}\u200b`, 400],
      ['NUL', `${base}\u0000`, 400],
    ];
    for (const [what, twin, status] of attacks) {
      const res = await postJson(t.app, '/api/register', {
        username: twin,
        email: 'twin@example.org',
        password: 'secret123',
      });
      expect(res.statusCode, what).toBe(status);
      expect(res.json().code, what).toBe(status === 409 ? 'USERNAME_TAKEN' : 'VALIDATION_FAILED');
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

describe('invisible, control and mixed-script characters', () => {
  const register = (username: string) =>
    postJson(t.app, '/api/register', { username, email: 'twin@example.org', password: 'secret123' });

  it('refuses a name with a soft hyphen, zero-width or bidi character, or NUL, with a clear 400', async () => {
    const base = `alice${randomBytes(3).toString('hex')}`;
    await signUp(t.app, { username: base, org: false });
    const twins = {
      'soft hyphen': `${base.slice(0, 2)}\u00ad${base.slice(2)}`,
      'zero-width space': `${base}\u200b`,
      'zero-width joiner': `${base.slice(0, 3)}\u200d${base.slice(3)}`,
      'word joiner': `${base}\u2060`,
      'right-to-left override': `\u202e${base}`,
      'left-to-right mark': `${base}\u200e`,
      NUL: `${base}\u0000`,
      'a control character': `${base}\u0007`,
      'a variation selector': `${base}\ufe0f`,
      'a byte order mark': `${base.slice(0, 3)}\ufeff${base.slice(3)}`,
      'a Hangul filler': `${base}\u3164`,
    };
    for (const [what, twin] of Object.entries(twins)) {
      const res = await register(twin);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toBe(USERNAME_INVISIBLE);
      expect(res.json().errors, what).toEqual([
        { path: 'username', message: USERNAME_INVISIBLE, rule: 'invalid' },
      ]);
    }
  });

  it('refuses a name that mixes scripts, like a Cyrillic а among Latin letters', async () => {
    const base = `alice${randomBytes(3).toString('hex')}`;
    await signUp(t.app, { username: base, org: false });
    for (const twin of [
      `\u0430${base.slice(1)}`,
      `${base.slice(0, 4)}\u0435${base.slice(5)}`,
      `\u03b1${base.slice(1)}`,
    ]) {
      const res = await register(twin);
      expect(res.statusCode, twin).toBe(400);
      expect(res.json().message, twin).toBe(USERNAME_MIXED_SCRIPTS);
    }
  });

  it('accepts names in one script, accents, digits and the Japanese mix of scripts', async () => {
    for (const name of ['José-María', 'Zoë_1984', 'иван', 'Ελένη', '山田たろう', 'O’Brien', 'anna.k']) {
      const username = `${name}${randomBytes(2).readUInt16BE()}`;
      const res = await register(username);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
    }
  });

  it('an existing account with such a name still signs in', async () => {
    const legacy = `bob\u00ad${randomBytes(3).toString('hex')}`;
    const now = new Date().toISOString();
    const { hashPassword } = await import('../../modules/auth/index.ts');
    await t.database.db
      .insertInto('users')
      .values({
        username: legacy,
        usernameKey: nameKey(legacy),
        passwordHash: await hashPassword('secret123'),
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const res = await postJson(t.app, '/api/login', { username: legacy, password: 'secret123' });
    expect(res.statusCode).toBe(200);
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
    // Organisation usernames are ASCII: their twins are digits for letters and `rn` for `m`.
    const digits = String(randomInt(1e6, 1e7));
    const owner = await signUp(t.app, { org: false });
    const team = await postJson(
      t.app,
      '/api/organizations',
      { name: 'Team', username: `scope-team${digits}` },
      owner.token,
    );
    expect(team.statusCode).toBe(201);
    for (const twin of [`SC0PE-team${digits}`, `scope-tearn${digits}`]) {
      const other = await signUp(t.app, { org: false });
      const res = await postJson(t.app, '/api/organizations', { name: 'Org B', username: twin }, other.token);
      expect(res.statusCode, twin).toBe(409);
      expect(res.json().code).toBe('ORGANIZATION_USERNAME_TAKEN');
    }
    // Invisible and other-script characters are refused outright.
    for (const twin of [`${base}\u00ad`, `${base}\u200b`, `\u0430${base.slice(1)}`]) {
      const other = await signUp(t.app, { org: false });
      const res = await postJson(t.app, '/api/organizations', { name: 'Org B', username: twin }, other.token);
      expect(res.statusCode, twin).toBe(400);
      expect(res.json().errors[0].path).toBe('username');
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
