// What the public supporter page downloads, from the build's own manifest: the entry's
// and the supporter page module's static import graph (JS and CSS, gzip -9), against the
// whole app's bytes in the same build, plus the lazily loaded dialogs. It also lists
// every source module in those chunks (from the source maps) and fails if one belongs to
// the staff app. The count is the one a browser makes (tests/e2e/supporter-weight.spec.ts
// checks it against the files a phone and a desktop fetch until the network is idle),
// and `npm test` holds the budget (bench/supporter-bundle.test.ts).
// Run: npx tsx bench/supporter-bundle.ts [--no-build] [--verbose]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  closure,
  entryKeyOf,
  filesOf,
  gzipBytes,
  JS_BUDGET_BYTES,
  kb,
  readManifest,
  supporterInitialKeys,
  supporterWeight,
} from './lib/supporter-weight.ts';
import { reportRow } from './lib/report.ts';

/** Client sources the supporter page may load; anything else under features/ or app/ is staff code. */
const SUPPORTER_OK = [
  /^shared\//,
  /^client\/features\/(supporter|shares|scheduling|previews)\//,
  /^client\/(components|lib|i18n|locales\/supporter)\//,
  /^client\/app\/(providers\.tsx|start\.tsx|supporter-path\.ts|routes\/supporter-page\.tsx)$/,
  /^client\/(main\.tsx|index\.html|styles\.css)$/,
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const defaultOutDir = path.join(root, '.tmp', 'bench-bundle', 'client');

/** Builds the client as `npm run build` does, with hidden source maps (for the module lists). */
export async function buildClient(outDir: string): Promise<void> {
  const { build } = await import('vite');
  // Vite takes an already set NODE_ENV (vitest sets 'test') and would bundle React's
  // development build: the bytes counted are the production ones.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: 'hidden' },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Our source modules (relative to src/) bundled into a JS file, from its source map. */
function sourcesOf(outDir: string, file: string): string[] {
  const mapFile = path.join(outDir, `${file}.map`);
  if (!fs.existsSync(mapFile)) return [];
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return map.sources
    .filter((s) => !s.includes('node_modules'))
    .filter((s) => /(^|\/)src\//.test(s))
    .map((s) => s.replace(/^.*?(^|\/)src\//, ''));
}

/** The packages bundled into a JS file, from its source map. */
function packagesOf(outDir: string, file: string): string[] {
  const mapFile = path.join(outDir, `${file}.map`);
  if (!fs.existsSync(mapFile)) return [];
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
  const names = map.sources.map((s) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(s)?.[1]).filter(Boolean);
  return [...new Set(names as string[])];
}

/** Staff modules among the supporter page's start-up files (needs a build with source maps). */
export function staffModules(outDir: string, files: Iterable<string>): string[] {
  const staff: string[] = [];
  for (const f of files) {
    for (const s of sourcesOf(outDir, f))
      if (!SUPPORTER_OK.some((re) => re.test(s))) staff.push(`${s} (in ${f})`);
  }
  return staff;
}

export async function main(
  outDir = defaultOutDir,
): Promise<{ pass: boolean; jsBytes: number; cssBytes: number }> {
  if (!process.argv.includes('--no-build') || !fs.existsSync(path.join(outDir, '.vite', 'manifest.json'))) {
    await buildClient(outDir);
  }
  const manifest = readManifest(outDir);
  const entryKey = entryKeyOf(manifest);
  const initialKeys = supporterInitialKeys(manifest);
  const initial = filesOf(manifest, initialKeys);
  // The dialogs' dynamic imports may sit in any initial chunk but the entry (whose
  // dynamic imports are the router and the page itself).
  const dialogImports = [...initialKeys]
    .filter((k) => k !== entryKey)
    .flatMap((k) => manifest[k].dynamicImports ?? []);
  const lazyKeys = closure(manifest, dialogImports);
  for (const k of initialKeys) lazyKeys.delete(k);
  const lazy = filesOf(manifest, lazyKeys);

  const sum = (files: Iterable<string>) =>
    [...files].reduce((n, f) => n + gzipBytes(fs.readFileSync(path.join(outDir, f))), 0);
  const all = filesOf(manifest, Object.keys(manifest));
  const weight = supporterWeight(outDir, manifest);
  const { jsBytes } = weight;
  const cssBytes = sum(initial.css);
  const allJs = sum(all.js);
  const allCss = sum(all.css);
  const staff = staffModules(outDir, initial.js);

  if (process.argv.includes('--verbose')) {
    for (const { file, bytes } of weight.files) {
      const what = [...packagesOf(outDir, file), ...sourcesOf(outDir, file)];
      console.log(`  ${kb(bytes).padStart(9)}  ${file}  ${what.join(', ').slice(0, 160)}`);
    }
  }
  const pass = weight.pass && staff.length === 0;
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
  console.log(`  JS budget    ${kb(jsBytes)} < ${kb(JS_BUDGET_BYTES)}: ${weight.pass ? 'PASS' : 'FAIL'}`);
  if (staff.length) {
    console.log(`  staff code loaded by the supporter page: FAIL`);
    for (const s of staff) console.log(`    - ${s}`);
  } else {
    console.log('  staff code loaded by the supporter page: none, PASS');
  }
  console.log(pass ? 'PASS' : 'FAIL');
  reportRow({
    row: 'supporter page JS, gzip, until network idle',
    value: kb(jsBytes),
    goal: `< ${kb(JS_BUDGET_BYTES)}, no staff code`,
    pass,
  });
  return { pass, jsBytes, cssBytes };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { pass } = await main();
  process.exitCode = pass ? 0 : 1;
}
