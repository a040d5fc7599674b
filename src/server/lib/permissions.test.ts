import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { PERMISSIONS, permissionKey } from './permissions.ts';

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
});
