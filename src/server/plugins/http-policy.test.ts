import { describe, expect, it } from 'vitest';
import { bearer, postRaw, signUp, appPerFile } from '../test/test-app.ts';

// What every request gets, whatever the route: body limits, content types, the
// JSON 404 for unknown API paths, the SPA shell and its security headers.

const t = appPerFile();

describe('request bodies', () => {
  /** A registration whose body size is set by its username's length. */
  const registerWithUsernameOf = (length: number) =>
    postRaw(
      t.app,
      '/api/register',
      JSON.stringify({ username: 'x'.repeat(length), email: 'a@b.org', password: 'secret123' }),
    );

  it('a JSON body over 1 MB: 413', async () => {
    const res = await registerWithUsernameOf(1024 * 1024);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'BODY_TOO_LARGE', message: 'Request body too large' });
  });

  it('a body just under 1 MB is read (and then validated)', async () => {
    const res = await registerWithUsernameOf(1000 * 1000);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('username');
  });

  it('a non-JSON content type: 415', async () => {
    for (const [type, payload] of [
      ['text/plain', '{"username":"abc","password":"secret123"}'],
      ['application/x-www-form-urlencoded', 'username=abc&password=secret123'],
      ['application/xml', '<login/>'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      ],
    ]) {
      const res = await postRaw(t.app, '/api/login', payload, type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message).toBe('Unsupported content type: send application/json');
    }
  });

  it('a JSON content type with a charset is fine', async () => {
    const res = await postRaw(
      t.app,
      '/api/login',
      '{"username":"nobody-here","password":"secret123"}',
      'application/json; charset=utf-8',
    );
    expect(res.statusCode).toBe(401);
  });

  it('a profile update as multipart: 415', async () => {
    const { token } = await signUp(t.app, { org: false });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nA\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('routing', () => {
  it('unknown /api paths answer a JSON 404, never the shell', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/users/1/delete'],
      ['GET', '/api/campaigns/1/nothing-here'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('serves the shell for every non-API route, with security headers', async () => {
    for (const url of ['/', '/auth?expired=true', '/campaigns/12', '/some/unknown/page', '/profile']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/<html/i);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBeDefined();
    }
  });

  it('API responses carry the security headers too', async () => {
    const res = await t.app.inject({ url: '/api/auth-status' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never leaks a stack trace', async () => {
    const res = await postRaw(t.app, '/api/login', '{"username": "abc", "password": }');
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(Object.keys(res.json())).toEqual(['code', 'message']);
  });
});
