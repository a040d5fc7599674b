import { describe, expect, it } from 'vitest';
import { appPerFile } from '../test/test-app.ts';

const t = appPerFile();

describe('GET /api/docs', () => {
  it('answers the interactive reference as HTML, and every file it loads answers 200', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="swagger-ui">');
    // Served under the app's own security headers, with no inline script for the CSP to refuse.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

    const files = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(files.some((f) => f.endsWith('swagger-ui-bundle.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('swagger-initializer.js'))).toBe(true);
    for (const file of files) {
      const url = new URL(file, 'http://localhost/api/docs').pathname;
      expect(url.startsWith('/api/docs/')).toBe(true);
      const asset = await t.app.inject({ url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.body.length, url).toBeGreaterThan(0);
    }
  });

  it('points the UI at the same OpenAPI document as /api/openapi.json', async () => {
    const init = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("resolveUrl('./json')");
    const viaDocs = await t.app.inject({ url: '/api/docs/json' });
    const direct = await t.app.inject({ url: '/api/openapi.json' });
    expect(viaDocs.statusCode).toBe(200);
    expect(viaDocs.json()).toEqual(direct.json());
    expect(Object.keys(viaDocs.json().paths)).toContain('/api/campaigns');
  });

  it('declares the bearer scheme (sessions and API keys) on every route that needs a caller', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.bearer.description).toContain('rk_');
    expect(doc.paths['/api/campaigns'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/organization/api-keys'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/login'].post.security).toBeUndefined();
  });

  it('keeps the docs out of the document it shows', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs'))).toEqual([]);
  });
});
