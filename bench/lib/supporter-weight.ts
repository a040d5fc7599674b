// What the public supporter page downloads before it is usable, counted from a client
// build's Vite manifest: the static import closure of the entry, of React's start
// (app/start.tsx) and of the supporter page module (main.tsx imports both once the
// server's first paint has its image). The bench
// (bench/supporter-bundle.ts), the `npm test` guard (bench/supporter-bundle.test.ts) and
// the browser's own count (tests/e2e/supporter-weight.spec.ts) all use these functions.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The supporter page's JS, gzip -9, every file it loads until the network is idle (issue 25). */
export const JS_BUDGET_BYTES = 140 * 1024;
/** The supporter page's module, as the manifest names it (src/client/app/routes/...). */
export const SUPPORTER_ROUTE = 'app/routes/supporter-page.tsx';
/** What renders every screen (src/client/app/start.tsx), loaded by the entry with the screen. */
export const START_MODULE = 'app/start.tsx';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const readManifest = (outDir: string): Manifest =>
  JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

export const entryKeyOf = (manifest: Manifest): string => {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('the manifest names no entry');
  return key;
};

/** Static import closure of the given manifest keys. */
export function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  for (const k of keys) walk(k);
  return seen;
}

/** The JS and CSS files of these manifest keys. */
export function filesOf(manifest: Manifest, keys: Iterable<string>): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const k of keys) {
    const c = manifest[k];
    if (c.file.endsWith('.js')) js.add(c.file);
    for (const s of c.css ?? []) css.add(s);
  }
  return { js, css };
}

/** The manifest keys the supporter page loads at start: the static closure of the entry, the start and its module. */
export function supporterInitialKeys(manifest: Manifest): Set<string> {
  for (const key of [START_MODULE, SUPPORTER_ROUTE])
    if (!manifest[key]) throw new Error(`the manifest lacks ${key}`);
  return closure(manifest, [entryKeyOf(manifest), START_MODULE, SUPPORTER_ROUTE]);
}

/** The manifest keys of the catalogs the supporter page loads in a language (lingui.config.ts). */
export const supporterCatalogKeys = (locale: string) => [
  `locales/supporter/${locale}.po`,
  `../shared/locales/${locale}.po`,
];
const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ar'];

/**
 * The JS files the supporter page loads at start; given the build's folder, with the
 * catalogs of the heaviest of the six languages, so the budget holds in every language.
 */
export function supporterJsFiles(manifest: Manifest, outDir?: string): Set<string> {
  const files = filesOf(manifest, supporterInitialKeys(manifest)).js;
  if (!outDir) return files;
  const filesIn = (locale: string) =>
    supporterCatalogKeys(locale)
      .filter((k) => manifest[k])
      .map((k) => manifest[k].file);
  const weigh = (locale: string) =>
    filesIn(locale).reduce((n, f) => n + gzipBytes(fs.readFileSync(path.join(outDir, f))), 0);
  const heaviest = LANGUAGES.reduce((a, b) => (weigh(b) > weigh(a) ? b : a));
  for (const f of filesIn(heaviest)) files.add(f);
  return files;
}

export const gzipBytes = (bytes: Buffer | string): number => zlib.gzipSync(bytes, { level: 9 }).length;

export interface SupporterWeight {
  /** Each JS file the page loads at start, with its gzip -9 size, largest first. */
  files: { file: string; bytes: number }[];
  jsBytes: number;
  /** Under JS_BUDGET_BYTES. */
  pass: boolean;
}

/** The supporter page's start-up JS in the build at outDir (manifest: that build's, or one changed from it). */
export function supporterWeight(outDir: string, manifest: Manifest = readManifest(outDir)): SupporterWeight {
  const files = [...supporterJsFiles(manifest, outDir)]
    .map((file) => ({ file, bytes: gzipBytes(fs.readFileSync(path.join(outDir, file))) }))
    .sort((a, b) => b.bytes - a.bytes);
  const jsBytes = files.reduce((n, f) => n + f.bytes, 0);
  return { files, jsBytes, pass: jsBytes < JS_BUDGET_BYTES };
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
