// The layer rules of docs/architecture.md, checked on every import of src/:
// - a feature is used only through its index.ts (its other files may change freely);
// - features do not import app/ (pages compose features, not the other way round);
// - shared client code (components/, lib/) imports no feature and no app code;
// - client and server never import each other; shared imports neither;
// - the share card's script (client/embed/) imports only shared code;
// - a server module (server/modules/<x>/) is used from outside only through its
//   index.ts: another module, app.ts, plugins/, jobs/, lib/, db/ and test/ alike. A
//   test file reaches into the internals of its own module only; elsewhere it uses
//   faces like any other code;
// - server modules do not form a cycle: module x depends on y when a file of x other
//   than a test imports y (type-only imports count; tests may use any module's face
//   to set up their data, so their imports are not dependencies);
// - a *.routes.ts file imports no other routes file, and a module's index.ts passes on
//   nothing from a routes file but its route plugins (names ending in `Routes`) and the
//   limits they declare (UPPER_CASE constants), so a helper kept in a routes file cannot
//   reach other modules through the face;
// - server/lib/ sits below the modules and imports none (its tests may), so a cycle
//   cannot hide behind a lib file.
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
const moduleOf = (p: string) => /^server\/modules\/([^/]+)\//.exec(p)?.[1] ?? null;
const isRoutes = (p: string) => p.endsWith('.routes.ts');
const isTest = (p: string) => /\.test\.tsx?$/.test(p);

/** The rule an import from `from` to `to` (both relative to src/) breaks, if any. */
export function brokenRule(from: string, to: string): string | null {
  const layer = (p: string) => p.split('/')[0];
  if (layer(from) === 'shared' && (layer(to) === 'client' || layer(to) === 'server')) {
    return 'shared code imports neither client nor server';
  }
  if (layer(from) === 'client' && layer(to) === 'server') return 'the client does not import the server';
  if (layer(from) === 'server' && layer(to) === 'client') return 'the server does not import the client';
  if (layer(from) === 'server' && layer(to) === 'server') return brokenServerRule(from, to);
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

function brokenServerRule(from: string, to: string): string | null {
  if (isRoutes(from) && isRoutes(to) && from !== to)
    return 'a routes file does not import another routes file';
  const toModule = moduleOf(to);
  if (toModule && from.startsWith('server/lib/') && !isTest(from)) {
    return 'lib/ sits below the modules: it imports none';
  }
  if (toModule && toModule !== moduleOf(from) && to !== `server/modules/${toModule}/index.ts`) {
    return `use modules/${toModule}/index.ts, not its internals`;
  }
  return null;
}

/** `export { a, b as c } from './x.routes.ts'` in a module's index.ts: the names it passes on. */
const REEXPORT = /\bexport\s+(?:type\s+)?(\{[^}]*\}|\*(?:\s+as\s+\w+)?)\s*from\s*(['"])([^'"]+)\2/g;

function faceLeaks(file: string, text: string): Violation[] {
  if (!/^server\/modules\/[^/]+\/index\.ts$/.test(file)) return [];
  const found: Violation[] = [];
  for (const m of text.matchAll(REEXPORT)) {
    if (!isRoutes(m[3])) continue;
    const names = m[1].startsWith('*')
      ? ['*']
      : m[1]
          .slice(1, -1)
          .split(',')
          .map(
            (n) =>
              n
                .trim()
                .split(/\s+as\s+/)
                .pop() ?? '',
          )
          .filter(Boolean);
    if (names.some((n) => !/Routes$|^[A-Z][A-Z0-9_]*$/.test(n))) {
      found.push({
        file,
        line: text.slice(0, m.index).split('\n').length,
        specifier: m[3],
        rule: 'a face passes on only route plugins and constants from a routes file; move helpers out of it',
      });
    }
  }
  return found;
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
  return [...found, ...faceLeaks(file, text)];
}

/** One module's use of another: where it first happens. */
interface Dependency {
  file: string;
  line: number;
  specifier: string;
}

/** The import graph between server modules (tests left out), from each file's text by path relative to src/. */
export function moduleGraph(
  files: Map<string, string>,
  srcDir = '/src',
): Map<string, Map<string, Dependency>> {
  const graph = new Map<string, Map<string, Dependency>>();
  for (const [file, text] of files) {
    const from = moduleOf(file);
    if (!from || isTest(file)) continue;
    for (const m of text.matchAll(SPECIFIER)) {
      const to = resolve(srcDir, path.join(srcDir, file), m[2]);
      const target = to && moduleOf(to);
      if (!target || target === from) continue;
      const edges = graph.get(from) ?? new Map<string, Dependency>();
      graph.set(from, edges);
      if (!edges.has(target)) {
        edges.set(target, { file, line: text.slice(0, m.index).split('\n').length, specifier: m[2] });
      }
    }
  }
  return graph;
}

/** Each cycle between server modules once, as a violation at the import that starts it. */
export function moduleCycles(files: Map<string, string>, srcDir = '/src'): Violation[] {
  const graph = moduleGraph(files, srcDir);
  const found: Violation[] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const visit = (mod: string, trail: string[]) => {
    if (done.has(mod)) return;
    const at = trail.indexOf(mod);
    if (at >= 0) {
      const cycle = trail.slice(at);
      // One report per cycle, whichever module the search entered it from.
      const key = [...cycle].sort().join(' ');
      if (!seen.has(key)) {
        seen.add(key);
        const first = graph.get(cycle[0])?.get(cycle[1] ?? cycle[0]) as Dependency;
        found.push({ ...first, rule: `server modules form a cycle: ${[...cycle, mod].join(' -> ')}` });
      }
      return;
    }
    for (const next of [...(graph.get(mod)?.keys() ?? [])].sort()) visit(next, [...trail, mod]);
  };
  for (const mod of [...graph.keys()].sort()) {
    visit(mod, []);
    done.add(mod);
  }
  return found;
}

export function checkTree(srcDir: string): Violation[] {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (SOURCE.test(e.name)) {
        files.set(path.relative(srcDir, p).split(path.sep).join('/'), fs.readFileSync(p, 'utf8'));
      }
    }
  };
  walk(srcDir);
  const found: Violation[] = [];
  for (const [file, text] of files) found.push(...checkSource(file, text, srcDir));
  return [...found, ...moduleCycles(files, srcDir)];
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
