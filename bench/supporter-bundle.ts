// What the public supporter page downloads, from the build's own manifest: the entry's
// and the supporter route's static import graph (JS and CSS, gzip), against the whole
// app's bytes in the same build, plus the lazily loaded dialogs. It also lists every
// source module in those chunks (from the source maps) and fails if one belongs to the
// staff app. Run: npx tsx bench/supporter-bundle.ts [--no-build]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const JS_BUDGET_BYTES = 150 * 1024;
const ROUTE_SRC = 'app/routes/supporter-page.tsx';
/** Client sources the supporter page may load; anything else under features/ or app/ is staff code. */
const SUPPORTER_OK = [
  /^shared\//,
  /^client\/features\/(supporter|shares|scheduling|previews)\//,
  /^client\/(components|lib)\//,
  /^client\/app\/(router|providers|route-fallback|routes\/supporter-page)\.tsx$/,
  /^client\/(main\.tsx|index\.html|styles\.css)$/,
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, '.tmp', 'bench-bundle', 'client');

async function buildClient(): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: 'hidden' },
  });
}

const gzipSize = (file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;

/** Static import closure of the given manifest keys. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  for (const k of keys) walk(k);
  return seen;
}

function filesOf(manifest: Manifest, keys: Iterable<string>): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const k of keys) {
    const c = manifest[k];
    if (c.file.endsWith('.js')) js.add(c.file);
    for (const s of c.css ?? []) css.add(s);
  }
  return { js, css };
}

const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipSize(f), 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Our source modules (relative to src/) bundled into a JS file, from its source map. */
function sourcesOf(file: string): string[] {
  const mapFile = path.join(outDir, `${file}.map`);
  if (!fs.existsSync(mapFile)) return [];
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return map.sources
    .filter((s) => !s.includes('node_modules'))
    .filter((s) => /(^|\/)src\//.test(s))
    .map((s) => s.replace(/^.*?(^|\/)src\//, ''));
}

export async function main(): Promise<{ pass: boolean; jsBytes: number; cssBytes: number }> {
  if (!process.argv.includes('--no-build') || !fs.existsSync(path.join(outDir, '.vite', 'manifest.json'))) {
    await buildClient();
  }
  const manifest = JSON.parse(
    fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey || !manifest[ROUTE_SRC]) throw new Error(`manifest lacks the entry or ${ROUTE_SRC}`);

  const initialKeys = closure(manifest, [entryKey, ROUTE_SRC]);
  const initial = filesOf(manifest, initialKeys);
  // The dialogs' dynamic imports may sit in any initial chunk but the entry (whose
  // dynamic imports are the other routes).
  const dialogImports = [...initialKeys]
    .filter((k) => k !== entryKey)
    .flatMap((k) => manifest[k].dynamicImports ?? []);
  const lazyKeys = closure(manifest, dialogImports);
  for (const k of initialKeys) lazyKeys.delete(k);
  const lazy = filesOf(manifest, lazyKeys);

  const all = filesOf(manifest, Object.keys(manifest));
  const jsBytes = sum(initial.js);
  const cssBytes = sum(initial.css);
  const allJs = sum(all.js);
  const allCss = sum(all.css);

  const staff = new Set<string>();
  for (const f of initial.js) {
    for (const s of sourcesOf(f)) if (!SUPPORTER_OK.some((re) => re.test(s))) staff.add(`${s} (in ${f})`);
  }

  if (process.argv.includes('--verbose')) {
    for (const f of [...initial.js].sort((a, b) => gzipSize(b) - gzipSize(a))) {
      console.log(`  ${kb(gzipSize(f)).padStart(9)}  ${f}  ${sourcesOf(f).join(', ').slice(0, 160)}`);
    }
  }
  const pass = jsBytes < JS_BUDGET_BYTES && staff.size === 0;
  console.log('Supporter page bundle (gzip -9, from the Vite manifest)');
  console.log(
    `  initial JS   ${kb(jsBytes).padStart(9)} in ${initial.js.size} files   whole app JS  ${kb(allJs)}`,
  );
  console.log(
    `  initial CSS  ${kb(cssBytes).padStart(9)} in ${initial.css.size} files   whole app CSS ${kb(allCss)}`,
  );
  console.log(
    `  ratio        JS ${(jsBytes / allJs).toFixed(3)}   CSS ${(cssBytes / Math.max(allCss, 1)).toFixed(3)}`,
  );
  console.log(`  lazy dialogs JS ${kb(sum(lazy.js))}, CSS ${kb(sum(lazy.css))} (loaded on first open)`);
  console.log(
    `  JS budget    ${kb(jsBytes)} < ${kb(JS_BUDGET_BYTES)}: ${jsBytes < JS_BUDGET_BYTES ? 'PASS' : 'FAIL'}`,
  );
  if (staff.size) {
    console.log(`  staff code loaded by the supporter page: FAIL`);
    for (const s of staff) console.log(`    - ${s}`);
  } else {
    console.log('  staff code loaded by the supporter page: none, PASS');
  }
  console.log(pass ? 'PASS' : 'FAIL');
  return { pass, jsBytes, cssBytes };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { pass } = await main();
  process.exitCode = pass ? 0 : 1;
}
