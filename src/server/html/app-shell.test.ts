import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppShell } from './app-shell.ts';

// A built client in miniature: the entry, React's start and the router (every page but
// the supporter page's), and the supporter page, sharing one chunk with the entry.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-shell-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>Rally</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
);
fs.mkdirSync(path.join(dist, '.vite'));
fs.writeFileSync(
  path.join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js' },
    'app/start.tsx': { file: 'assets/start.js', imports: ['_react-dom.js', '_shared.js'] },
    '_react-dom.js': { file: 'assets/react-dom.js' },
    'app/router.tsx': { file: 'assets/router.js', imports: ['_react-router.js', '_shared.js'] },
    '_react-router.js': { file: 'assets/react-router.js' },
    'app/routes/supporter-page.tsx': { file: 'assets/supporter-page.js', imports: ['_shared.js'] },
  }),
);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const preloads = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe('AppShell', () => {
  const shell = new AppShell(dist);

  it("preloads React's start and the router with the entry on every page but the supporter page", () => {
    expect(preloads(shell.render({}))).toEqual([
      '/assets/start.js',
      '/assets/react-dom.js',
      '/assets/router.js',
      '/assets/react-router.js',
    ]);
  });

  it('preloads the chunks of the modules a page names that the entry does not load', () => {
    const html = shell.render({ title: 'Clean Rivers', routes: ['app/routes/supporter-page.tsx'] });
    expect(preloads(html)).toEqual(['/assets/supporter-page.js']);
    expect(html).toContain('<title>Clean Rivers</title>');
  });

  it('puts a first paint in the root element, with no module preloaded before it', () => {
    const html = shell.render({ title: 'Clean Rivers', body: '<h1>Clean Rivers</h1>' });
    expect(html).toContain('<div id="root"><h1>Clean Rivers</h1></div>');
    expect(preloads(html)).toEqual([]);
    expect(shell.render({ title: 'Other' })).toContain('<div id="root"></div>');
  });
});
