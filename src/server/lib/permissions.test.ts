import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { PERMISSIONS, permissionKey } from './permissions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the permission table', () => {
  it('names every route the app registers (a new route cannot forget its check)', () => {
    const keys = t.app.registeredRoutes.map((r) => permissionKey(r.method, r.url));
    expect(keys.length).toBeGreaterThan(40);
    const missing = [...new Set(keys)].filter((k) => !(k in PERMISSIONS));
    expect(missing).toEqual([]);
  });

  it('has no entry for a route that no longer exists', () => {
    const keys = new Set(t.app.registeredRoutes.map((r) => permissionKey(r.method, r.url)));
    expect(Object.keys(PERMISSIONS).filter((k) => !keys.has(k))).toEqual([]);
  });
});
