import { describe, expect, it } from 'vitest';
import { appPerFile, bearer, signUp, signUpOperator, type TestApp } from '../../test/test-app.ts';

// The sign-up policy as operators see and set it: the environment's until the console
// sets one, which then overrides it; every change is in the instance audit log.

const settings = (t: TestApp, token: string, payload?: object) =>
  t.app.inject({
    method: payload ? 'PUT' : 'GET',
    url: '/api/instance/settings',
    headers: bearer(token),
    payload,
  });

const auditOf = (t: TestApp) =>
  t.database.db
    .selectFrom('instanceAudit')
    .selectAll()
    .where('action', '=', 'registration.changed')
    .orderBy('id')
    .execute();

describe('with REGISTRATION and REGISTRATION_EMAIL_DOMAINS set', () => {
  const t = appPerFile({
    REGISTRATION: 'invite-only',
    REGISTRATION_EMAIL_DOMAINS: 'Example.org, @staff.example',
  });

  it("answers the environment's policy until an operator sets one", async () => {
    const operator = await signUpOperator(t);
    expect((await settings(t, operator.token)).json()).toEqual({
      registration: 'invite-only',
      registrationSource: 'env',
      allowedEmailDomains: ['example.org', 'staff.example'],
    });
  });

  it('overrides it from the console, and records who changed what', async () => {
    const operator = await signUpOperator(t);
    const res = await settings(t, operator.token, { registration: 'closed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      registration: 'closed',
      registrationSource: 'console',
      allowedEmailDomains: ['example.org', 'staff.example'],
    });
    const domains = await settings(t, operator.token, {
      allowedEmailDomains: ['@Rally.Example', 'rally.example'],
    });
    expect(domains.json().allowedEmailDomains).toEqual(['rally.example']);
    // Saving the same again changes nothing and records nothing.
    await settings(t, operator.token, { registration: 'closed' });
    const entries = await auditOf(t);
    expect(entries.map((e) => [e.action, e.actorId, e.actorName])).toEqual([
      ['registration.changed', operator.userId, operator.username],
      ['registration.changed', operator.userId, operator.username],
    ]);
    expect(JSON.parse(entries[0]!.detail!)).toEqual({
      before: { registration: 'invite-only', allowedEmailDomains: ['example.org', 'staff.example'] },
      after: { registration: 'closed', allowedEmailDomains: ['example.org', 'staff.example'] },
    });
    expect((await settings(t, operator.token)).json().registrationSource).toBe('console');
  });

  it('refuses bad input with a clear message, never a 500', async () => {
    const operator = await signUpOperator(t);
    const cases: [object, string][] = [
      [{}, 'Send at least one field to change'],
      [{ registration: 'sometimes' }, 'Registration must be open, invite-only or closed'],
      [{ allowedEmailDomains: ['not a domain'] }, 'Enter a domain such as example.org'],
      [{ allowedEmailDomains: ['localhost'] }, 'Enter a domain such as example.org'],
      [
        { allowedEmailDomains: Array.from({ length: 101 }, (_, i) => `d${i}.example`) },
        'At most 100 domains',
      ],
      [{ allowedEmailDomains: 'example.org' }, 'allowedEmailDomains must be an array'],
      [{ registration: 'open', role: 'admin' }, 'Unknown field: role'],
    ];
    for (const [payload, message] of cases) {
      const res = await settings(t, operator.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().message).toContain(message);
    }
  });
});

describe('with nothing set', () => {
  const t = appPerFile();

  it('is open to every domain', async () => {
    const operator = await signUpOperator(t);
    expect((await settings(t, operator.token)).json()).toEqual({
      registration: 'open',
      registrationSource: 'env',
      allowedEmailDomains: [],
    });
  });

  it('refuses an organisation admin, and changes nothing', async () => {
    const admin = await signUp(t.app);
    const before = await auditOf(t);
    const res = await settings(t, admin.token, { registration: 'open' });
    expect(res.statusCode).toBe(403);
    expect(await auditOf(t)).toEqual(before);
  });
});
