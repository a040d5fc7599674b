import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Public supporter URLs take any text as the id: an id past the 32-bit range is
// simply not found, on SQLite and PostgreSQL alike (not a database error).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('supporter routes with an id past the integer range', () => {
  for (const id of ['2147483648', '99999999999999']) {
    it(`answers 404 for ${id}`, async () => {
      const json = await t.app.inject({ url: `/api/supporter/campaigns/${id}` });
      expect(json.statusCode).toBe(404);
      expect(json.json()).toEqual({ code: 'NOT_FOUND', message: 'Campaign not found' });

      const impact = await t.app.inject({ url: `/api/supporter/campaigns/${id}/impact` });
      expect(impact.statusCode).toBe(404);

      const page = await t.app.inject({ url: `/supporter/${id}` });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    });
  }
});
