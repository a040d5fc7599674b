// The layer rules of docs/architecture.md, checked on every import of src/:
// - a feature is used only through its index.ts (its other files may change freely);
// - features do not import app/ (pages compose features, not the other way round);
// - shared client code (components/, lib/) imports no feature and no app code;
// - client and server never import each other; shared imports neither;
// - the share card's script (client/embed/) imports only shared code.
// Run: npx tsx scripts/check-imports.ts [src dir]  (part of `npm run check`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

const SOURCE = /\.(ts|tsx|mts)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"]+)\1/gm;
const ALIASES: Record<string, string> = {
  '#client/': 'client/',
  '#server/': 'server/',
  '#shared/': 'shared/',
};

/** Where an import points, relative to src/ ('client/lib/utils.ts'), or null for a package. */
function resolve(srcDir: string, fromFile: string, specifier: string): string | null {
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return dir + specifier.slice(alias.length);
  }
  if (!specifier.startsWith('.')) return null;
  return path
    .relative(srcDir, path.resolve(path.dirname(fromFile), specifier))
    .split(path.sep)
    .join('/');
}

const featureOf = (p: string) => /^client\/features\/([^/]+)\//.exec(p)?.[1] ?? null;

/** The rule an import from `from` to `to` (both relative to src/) breaks, if any. */
export function brokenRule(from: string, to: string): string | null {
  const layer = (p: string) => p.split('/')[0];
  if (layer(from) === 'shared' && (layer(to) === 'client' || layer(to) === 'server')) {
    return 'shared code imports neither client nor server';
  }
  if (layer(from) === 'client' && layer(to) === 'server') return 'the client does not import the server';
  if (layer(from) === 'server' && layer(to) === 'client') return 'the server does not import the client';
  if (layer(from) !== 'client' || layer(to) !== 'client') return null;
  // The share card's script stays a few KB (bench/embed-card.ts): no app code in it.
  if (from.startsWith('client/embed/') && !to.startsWith('client/embed/')) {
    return 'the share card (client/embed/) imports only shared code';
  }

  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (/^client\/(components|lib)\//.test(from) && (toFeature || to.startsWith('client/app/'))) {
    return 'shared client code (components/, lib/) imports no feature or app code';
  }
  if (fromFeature && to.startsWith('client/app/')) return 'features do not import app/';
  if (toFeature && toFeature !== fromFeature && to !== `client/features/${toFeature}/index.ts`) {
    return `use features/${toFeature}/index.ts, not its internals`;
  }
  return null;
}

/** Every broken rule in one file's text; `file` is its path relative to src/. */
export function checkSource(file: string, text: string, srcDir = '/src'): Violation[] {
  const abs = path.join(srcDir, file);
  const found: Violation[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const to = resolve(srcDir, abs, m[2]);
    const rule = to && brokenRule(file, to);
    if (rule) {
      found.push({ file, line: text.slice(0, m.index).split('\n').length, specifier: m[2], rule });
    }
  }
  return found;
}

export function checkTree(srcDir: string): Violation[] {
  const found: Violation[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (SOURCE.test(e.name)) {
        const rel = path.relative(srcDir, p).split(path.sep).join('/');
        found.push(...checkSource(rel, fs.readFileSync(p, 'utf8'), srcDir));
      }
    }
  };
  walk(srcDir);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const srcDir = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src'),
  );
  const found = checkTree(srcDir);
  for (const v of found)
    console.error(
      `${path.relative(process.cwd(), path.join(srcDir, v.file))}:${v.line} imports '${v.specifier}': ${v.rule}`,
    );
  if (found.length) {
    console.error(`${found.length} import(s) break the layer rules (docs/architecture.md)`);
    process.exit(1);
  }
}
