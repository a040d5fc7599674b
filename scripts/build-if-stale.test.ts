import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` runs scripts/build-if-stale.mjs first. Here it runs in a copy of the
// layout whose `npm run build` only counts its runs and writes the two outputs, so
// each case shows whether a start would have rebuilt.
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'build-if-stale.mjs');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-build-if-stale-'));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
write('scripts/build-if-stale.mjs', fs.readFileSync(script, 'utf8'));
write(
  'package.json',
  JSON.stringify({
    name: 'build-if-stale-fixture',
    private: true,
    scripts: {
      build:
        "node -e \"const fs=require('fs');fs.mkdirSync('dist/server',{recursive:true});fs.mkdirSync('dist/client',{recursive:true});fs.writeFileSync('dist/server/main.js','');fs.writeFileSync('dist/client/index.html','');fs.appendFileSync('builds','x')\"",
    },
  }),
);
write('src/server/main.ts', 'export const a = 1;\n');
write('src/client/main.tsx', 'export const b = 1;\n');

const start = () =>
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, encoding: 'utf8' });
const builds = () =>
  fs.existsSync(path.join(root, 'builds')) ? fs.readFileSync(path.join(root, 'builds'), 'utf8').length : 0;

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when it must', () => {
  it('builds once, then starts without building until a source or an output changes', () => {
    expect(start()).toContain('no build yet: building');
    expect(builds()).toBe(1);

    expect(start()).toContain('build is up to date');
    expect(builds()).toBe(1);

    // File times alone (a checkout, a copy) are not a change; the stamp keeps the new
    // times, so the next start only stats the inputs.
    const stamp = () => JSON.parse(fs.readFileSync(path.join(root, 'dist/.build-inputs'), 'utf8'));
    const before = stamp();
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'src/server/main.ts'), future, future);
    expect(start()).toContain('build is up to date');
    expect(stamp()).toEqual({ content: before.content, stats: expect.not.stringMatching(before.stats) });

    // Tests are not built.
    write('src/server/main.test.ts', 'export {};\n');
    expect(start()).toContain('build is up to date');
    expect(builds()).toBe(1);

    write('src/server/main.ts', 'export const a = 2;\n');
    expect(start()).toContain('sources changed since the last build: building');
    expect(builds()).toBe(2);
    expect(start()).toContain('build is up to date');

    // A new source file, and a missing output, each rebuild.
    write('src/shared/new-module.ts', 'export const c = 1;\n');
    start();
    expect(builds()).toBe(3);
    fs.rmSync(path.join(root, 'dist/client/index.html'));
    expect(start()).toContain('no build yet: building');
    expect(builds()).toBe(4);
  }, 60_000);
});
