import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../test/teams.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../test/test-app.ts';
import { PERMISSIONS, permissionKey, routeRule } from './permissions.ts';

/** A table key as a request path: parameters 1, wildcards x. */
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace('*', 'x');

/** Every route the app registers, as `METHOD url` (HEAD twins folded into their GET). */
const registered = new Set<string>();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    // DEV_TOOLS=1 registers every route there is, the debug one included.
    { DEV_TOOLS: '1' },
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) registered.add(permissionKey(method, route.url));
      },
    },
  );
});
afterAll(() => t.close());

describe('the permission table', () => {
  it('names every route the app registers (a new route cannot forget its check)', () => {
    expect(registered.size).toBeGreaterThan(40);
    expect([...registered].filter((k) => !(k in PERMISSIONS))).toEqual([]);
  });

  it('has no entry for a route that no longer exists', () => {
    expect(Object.keys(PERMISSIONS).filter((k) => !registered.has(k))).toEqual([]);
  });

  // The check is attached to each route when it is registered (plugins/permissions.ts),
  // not run globally: every route that is not public must still refuse a stranger,
  // whatever the order it was registered in, its HEAD twin too.
  it('refuses an anonymous caller on every route that is not public', async () => {
    const guarded = Object.entries(PERMISSIONS).filter(([, entry]) => routeRule(entry).access !== 'public');
    expect(guarded.length).toBeGreaterThan(30);
    const answered: string[] = [];
    for (const [key] of guarded) {
      const [method, url] = key.split(' ');
      const path = pathOf(url);
      for (const m of method === 'GET' ? ['GET', 'HEAD'] : [method]) {
        const res = await t.app.inject({ method: m as 'GET', url: path });
        if (res.statusCode !== 401) answered.push(`${m} ${path}: ${res.statusCode}`);
      }
    }
    expect(answered).toEqual([]);
  });

  // Role checks exist only in the permission hook (a route's own authenticate knows no
  // roles): a viewer gets 403 on every editor and admin route, so no route lost it.
  it('refuses a viewer on every route that needs an editor or an admin', async () => {
    const admin = await signUp(t.app);
    const viewer = await addMember(t.app, admin, 'viewer');
    const above = Object.entries(PERMISSIONS).filter(([, entry]) =>
      ['editor', 'admin'].includes(routeRule(entry).access),
    );
    expect(above.length).toBeGreaterThan(20);
    const answered: string[] = [];
    for (const [key] of above) {
      const [method, url] = key.split(' ');
      const res = await t.app.inject({
        method: method as 'GET',
        url: pathOf(url),
        headers: bearer(viewer.token),
      });
      if (res.statusCode !== 403) answered.push(`${key}: ${res.statusCode}`);
    }
    expect(answered).toEqual([]);
  });

  // The reviewer access: an admin, or an editor an admin let review; refused to the rest
  // before the handler runs, and never to an API key (a decision is a person's).
  it('refuses an editor without the review permission and a viewer on every reviewer route', async () => {
    const admin = await signUp(t.app);
    const editor = await addMember(t.app, admin, 'editor');
    const viewer = await addMember(t.app, admin, 'viewer');
    const reviewerRoutes = Object.entries(PERMISSIONS).filter(
      ([, entry]) => routeRule(entry).access === 'reviewer',
    );
    expect(reviewerRoutes.length).toBeGreaterThanOrEqual(2);
    for (const [key, entry] of reviewerRoutes) {
      expect(routeRule(entry).sessionOnly, key).toBe(true);
      const [method, url] = key.split(' ');
      for (const who of [editor, viewer]) {
        const res = await t.app.inject({
          method: method as 'POST',
          url: pathOf(url),
          headers: bearer(who.token),
        });
        expect(res.statusCode, key).toBe(403);
        expect(res.json().message).toBe('This needs the reviewer permission');
      }
    }
  });
});
