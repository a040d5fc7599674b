import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  entryKeyOf,
  gzipBytes,
  JS_BUDGET_BYTES,
  kb,
  readManifest,
  supporterWeight,
} from './lib/supporter-weight.ts';
import { buildClient, staffModules } from './supporter-bundle.ts';

// The supporter page's weight in `npm test`: one production build of the client, counted
// as bench/supporter-bundle.ts counts it (bytes are deterministic, so no margin is needed).

let outDir = '';

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bundle-'));
  await buildClient(outDir);
}, 240_000);

afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

describe('the supporter page weight', () => {
  test('its start-up JS is under the budget and holds no staff code', () => {
    const weight = supporterWeight(outDir);
    const listing = weight.files.map((f) => `${kb(f.bytes)} ${f.file}`).join('\n');
    expect(weight.jsBytes, `${kb(weight.jsBytes)} >= ${kb(JS_BUDGET_BYTES)}:\n${listing}`).toBeLessThan(
      JS_BUDGET_BYTES,
    );
    expect(weight.pass).toBe(true);
    expect(
      staffModules(
        outDir,
        weight.files.map((f) => f.file),
      ),
    ).toEqual([]);
  });

  test('a 20 KB dependency imported by the entry fails it', () => {
    const manifest = readManifest(outDir);
    const entry = entryKeyOf(manifest);
    // Random bytes in base64: text gzip can barely shrink, like a minified library.
    const file = 'assets/extra-dependency.js';
    const body = `export const data = "${randomBytes(20 * 1024).toString('base64')}";\n`;
    fs.writeFileSync(path.join(outDir, file), body);
    const added = gzipBytes(body);
    expect(added).toBeGreaterThanOrEqual(20 * 1024);
    manifest['_extra-dependency.js'] = { file };
    manifest[entry].imports = [...(manifest[entry].imports ?? []), '_extra-dependency.js'];

    const heavier = supporterWeight(outDir, manifest);
    expect(heavier.jsBytes).toBe(supporterWeight(outDir).jsBytes + added);
    // Were the page ever 20 KB lighter than the budget, this would pass: lower the budget then.
    expect(heavier.pass, `${kb(heavier.jsBytes)} still under ${kb(JS_BUDGET_BYTES)}`).toBe(false);
  });
});
