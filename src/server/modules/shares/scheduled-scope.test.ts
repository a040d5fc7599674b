import { afterAll, beforeAll, expect, it } from 'vitest';
import { MISSING_ORG_MESSAGE } from '#shared/errors.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('GET /api/shares/scheduled without an organisation is the 403 every staff call gives (docs/api.md)', async () => {
  const { token } = await signUp(t.app, { org: false });
  const res = await t.app.inject({ url: '/api/shares/scheduled', headers: bearer(token) });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ code: 'NO_ORGANIZATION', message: MISSING_ORG_MESSAGE });
});
