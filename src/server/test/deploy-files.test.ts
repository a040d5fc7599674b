import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** What every instance needs to join the shared PostgreSQL and S3 store (API.md "Operations"). */
const SHARED_ENV = [
  'DATABASE_URL',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'TRUST_PROXY',
];

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  healthcheck?: { test: string | string[] };
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
}

describe.runIf(!process.env.DB_TARGET)('deployment files', () => {
  it('compose.yaml runs two app instances on PostgreSQL and MinIO, each health-checked', () => {
    const doc = parse(fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<string, Service>;
    };
    const { services } = doc;
    const apps = Object.entries(services).filter(([, s]) => s.build);
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    expect(services.postgres.image).toMatch(/^postgres:/);
    expect(services.minio.image).toMatch(/^minio\/minio/);
    for (const name of ['postgres', 'minio']) expect(services[name].healthcheck?.test).toBeTruthy();

    for (const [, app] of apps) {
      for (const key of SHARED_ENV) expect(app.environment, key).toHaveProperty(key);
      const env = app.environment as Record<string, string>;
      expect(new URL(env.DATABASE_URL).hostname).toBe('postgres');
      expect(new URL(env.S3_ENDPOINT).hostname).toBe('minio');
      expect(String(app.healthcheck?.test)).toContain('/readyz');
      expect(app.depends_on?.postgres.condition).toBe('service_healthy');
      // Longer than the app's own 10 s shutdown deadline, so Docker never SIGKILLs a drain.
      expect(Number.parseInt(app.stop_grace_period ?? '10', 10)).toBeGreaterThan(10);
    }
    const proxy = services.proxy as Service & { command: string };
    expect(proxy.command).toContain('app1:3000');
    expect(proxy.command).toContain('app2:3000');
  });

  it('Dockerfile builds in one stage and runs the compiled server as a non-root user with a health check', () => {
    const text = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const lines = text
      .split('\n')
      .filter((l) => l.trim() && !l.trim().startsWith('#'))
      .join('\n')
      .replace(/\\\n\s*/g, ' ')
      .split('\n');
    const from = lines.filter((l) => /^FROM /.test(l));
    expect(from.length).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/COPY --from=build/);
    const user = lines.findIndex((l) => /^USER /.test(l));
    expect(user).toBeGreaterThan(0);
    expect(lines[user]).not.toMatch(/^USER (root|0)\b/);
    const cmd = lines.findIndex((l) => /^CMD /.test(l));
    expect(cmd).toBeGreaterThan(user);
    expect(lines[cmd]).toContain('dist/server/main.js');
    expect(lines.find((l) => /^HEALTHCHECK /.test(l))).toContain('/healthz');
    // Every script the build runs exists.
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    for (const m of text.matchAll(/npm run ([\w:-]+)/g)) expect(pkg.scripts).toHaveProperty(m[1]);
  });
});
