import { describe, expect, it } from 'vitest';
import { addMember, postApiKey } from '../../test/teams.ts';
import { appPerFile, appPerTest, bearer, signUp, signUpOperator } from '../../test/test-app.ts';

// Operators: the first account of a fresh instance is one, nothing else makes one
// (but the command line), and only they may call the instance's routes.

const get = (t: ReturnType<typeof appPerFile>, url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('the first account', () => {
  const makeApp = appPerTest();

  it('becomes the operator; later accounts do not', async () => {
    const t = await makeApp();
    const first = await signUp(t.app, { org: false });
    const second = await signUp(t.app);
    expect((await get(t, '/api/user', first.token)).json().isOperator).toBe(true);
    expect((await get(t, '/api/user', second.token)).json().isOperator).toBe(false);
  });

  it('is one account even when two sign up at the same moment', async () => {
    const t = await makeApp();
    const register = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username, email: `${username}@example.org`, password: 'secret123' },
      });
    const answers = await Promise.all(['racer-one', 'racer-two', 'racer-three'].map(register));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    // The register answers say who won, and so does the database.
    expect(answers.filter((a) => a.json().isOperator).length).toBe(1);
    const operators = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('isOperator', '=', 1)
      .execute();
    expect(operators.map((o) => o.id)).toEqual(
      answers.filter((a) => a.json().isOperator).map((a) => a.json().id),
    );
  });
});

describe('the instance routes', () => {
  const t = appPerFile();

  it('answer an operator, and refuse everyone else: no session, a member, an admin, an API key', async () => {
    const operator = await signUpOperator(t);
    const admin = await signUp(t.app);
    const viewer = await addMember(t.app, admin, 'viewer');
    const key = (await postApiKey(t.app, admin.token, { name: 'Sync', role: 'editor' })).json().key;
    expect((await get(t, '/api/instance/settings', operator.token)).statusCode).toBe(200);
    expect((await get(t, '/api/instance/settings')).statusCode).toBe(401);
    for (const token of [admin.token, viewer.token]) {
      const res = await get(t, '/api/instance/settings', token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'OPERATOR_REQUIRED',
        message: 'Only an operator of this instance may do this',
      });
    }
    const byKey = await get(t, '/api/instance/settings', key);
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().code).toBe('API_KEY_NOT_ALLOWED');
  });

  it('an operator in an organisation keeps exactly their organisation role there', async () => {
    const operator = await signUpOperator(t);
    const admin = await signUp(t.app);
    const viewer = await addMember(t.app, admin, 'viewer');
    await t.database.db.updateTable('users').set({ isOperator: 1 }).where('id', '=', viewer.userId).execute();
    // An operator who is a viewer there is still a viewer: no campaign writes.
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(viewer.token),
      payload: { name: 'Not mine to make' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('ROLE_REQUIRED');
    // And one in no organisation sees no organisation's campaigns.
    expect((await get(t, '/api/campaigns', operator.token)).json().code).toBe('NO_ORGANIZATION');
  });
});
