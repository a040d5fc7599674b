// What each i18n library of issue 28 would add to the supporter page, measured: each
// candidate's runtime (a minimal real use of it, bundled by esbuild for the browser,
// minified, React left out as the page already loads it) and a 100-message catalog in
// the form that runtime loads, gzip -9, against the room left under the supporter page's
// JS budget (bench/lib/supporter-weight.ts). docs/decisions/0030-languages.md records
// the figures and the choice.
//
// The candidates are not dependencies of Rally: they are installed in a scratch folder
// outside the repository, named by I18N_MEASURE_DIR:
//   mkdir /tmp/i18n-measure && cd /tmp/i18n-measure && npm init -y
//   npm install --save-exact i18next@26.7.2 react-i18next@17.1.13 i18next-icu@2.4.4 \
//     intl-messageformat@11.2.15 @lingui/core@5.9.5 @lingui/react@5.9.5 \
//     @lingui/message-utils@5.9.5 react@19.3.1
// (the newest majors of i18next, react-i18next and Lingui need Node 22; these run on 20).
// The room left is read from a client build made by `npx tsx bench/supporter-bundle.ts`
// (.tmp/bench-bundle/client, or the folder given with --supporter-build DIR); without
// one the figures are given against the whole budget only.
// Run: I18N_MEASURE_DIR=/tmp/i18n-measure npx tsx bench/i18n-libraries.ts [--supporter-build DIR] [--verbose]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { gzipBytes, JS_BUDGET_BYTES, kb, supporterWeight } from './lib/supporter-weight.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The packages the scratch folder must hold. */
const PACKAGES =
  'i18next react-i18next i18next-icu intl-messageformat @lingui/core @lingui/react @lingui/message-utils'.split(
    ' ',
  );

/** The React the page already loads: never counted. */
const REACT = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];

interface Candidate {
  name: string;
  /** A minimal real use: set up the runtime with one language's catalog, and its React face. */
  runtime: string;
  /** The catalog module, made from the ICU messages. */
  catalog: (messages: Record<string, string>) => string;
}

/** A catalog module that hands its messages to JSON.parse (what `lingui compile` writes; also cheap to parse). */
const jsonModule = (name: string, value: unknown) =>
  `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;

function candidates(dir: string): Candidate[] {
  const require = createRequire(path.join(dir, 'package.json'));
  return [
    {
      name: 'react-i18next + i18next + i18next-icu (ICU parsed in the browser)',
      runtime: `
import i18next from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next, useTranslation, Trans } from 'react-i18next';
export async function start(lng, translation) {
  await i18next.use(ICU).use(initReactI18next).init({
    lng, fallbackLng: false, resources: { [lng]: { translation } }, interpolation: { escapeValue: false },
  });
  return i18next;
}
export { useTranslation, Trans };
`,
      catalog: (messages) => jsonModule('translation', messages),
    },
    {
      name: 'Lingui: @lingui/core + @lingui/react (compiled at build time)',
      runtime: `
import { i18n } from '@lingui/core';
import { I18nProvider, Trans, useLingui } from '@lingui/react';
export function start(locale, messages) {
  i18n.loadAndActivate({ locale, messages });
  return i18n;
}
export { I18nProvider, Trans, useLingui };
`,
      catalog: (messages) => {
        const { compileMessage } = require('@lingui/message-utils/compileMessage') as {
          compileMessage: (message: string) => unknown;
        };
        const compiled = Object.fromEntries(
          Object.entries(messages).map(([id, m]) => [id, compileMessage(m)]),
        );
        return jsonModule('messages', compiled);
      },
    },
  ];
}

/** A deterministic stream of numbers in [0, 1) (mulberry32), so every run measures the same catalog. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'compartir campaña enlace mensaje recordatorio publicar programar imagen vídeo texto ' +
  'apoyo organización ahora después correo privacidad datos enviar copiar abrir cerrar ' +
  'elegir idioma fecha hora zona página tarjeta cartel código vista previa plataforma ' +
  'gracias ayuda contigo personas amigos red todos hoy mañana semana error intentar ' +
  'nuevo guardar cambios borrar descargar cookie navegador visitas clics impacto lista'
).split(' ');
const AREAS = ['supporter', 'share', 'schedule', 'reminder', 'errors', 'notice', 'preview'];

/**
 * 100 ICU messages of the supporter page's kind, in Spanish words: most plain sentences,
 * every tenth a plural, every tenth an argument, every twentieth a select. Keys are
 * readable ids (`share.enlace12`), as the catalog check wants.
 */
export function sampleMessages(count = 100): Record<string, string> {
  const random = seeded(28);
  const words = (n: number) =>
    Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  const sentence = () => words(3 + Math.floor(random() * 9));
  const messages: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const key = `${AREAS[i % AREAS.length]}.${WORDS[i % WORDS.length]}${i}`;
    if (i % 10 === 0) {
      messages[key] = `{count, plural, one {# ${words(2)}} other {# ${words(3)}}} ${sentence()}`;
    } else if (i % 10 === 1) {
      messages[key] = `${sentence()} {name} ${words(2)}`;
    } else if (i % 20 === 2) {
      messages[key] = `{platform, select, x {${words(3)}} facebook {${words(3)}} other {${words(2)}}}`;
    } else {
      messages[key] = sentence();
    }
  }
  return messages;
}

interface Bundle {
  /** gzip -9 bytes of the minified module. */
  bytes: number;
  /** The packages in it with their share of the minified bytes, largest first. */
  packages: { name: string; share: number }[];
}

/** The bundled, minified module from `source`, resolved in `dir`, React left out. */
async function bundle(dir: string, file: string, source: string): Promise<Bundle> {
  const work = path.join(dir, '.i18n-bench');
  fs.mkdirSync(work, { recursive: true });
  const entry = path.join(work, file);
  fs.writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: dir,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    external: REACT,
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { bytes: gzipBytes(Buffer.from(code)), packages: packagesOf(result.metafile) };
}

/** The packages of a one-output build, with their share of its bytes. */
function packagesOf(metafile: Metafile): { name: string; share: number }[] {
  const [output] = Object.values(metafile.outputs);
  const total = Object.values(output.inputs).reduce((n, i) => n + i.bytesInOutput, 0) || 1;
  const byPackage = new Map<string, number>();
  for (const [file, input] of Object.entries(output.inputs)) {
    const name = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? '(entry)';
    byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
  }
  return [...byPackage]
    .map(([name, bytes]) => ({ name, share: bytes / total }))
    .filter((p) => p.share > 0)
    .sort((a, b) => b.share - a.share);
}

/** The scratch folder, or why it will not do. */
function measureDir(): string {
  const dir = process.env.I18N_MEASURE_DIR;
  const how = 'see the head of bench/i18n-libraries.ts for how to make it';
  if (!dir) throw new Error(`Set I18N_MEASURE_DIR to the scratch folder holding the candidates (${how})`);
  const missing = PACKAGES.filter((p) => !fs.existsSync(path.join(dir, 'node_modules', p, 'package.json')));
  if (missing.length) throw new Error(`${dir} lacks ${missing.join(', ')} in node_modules (${how})`);
  return path.resolve(dir);
}

const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/** The supporter page's JS today, from a client build, or null without one. */
function supporterJsToday(outDir: string): number | null {
  if (!fs.existsSync(path.join(outDir, '.vite', 'manifest.json'))) return null;
  return supporterWeight(outDir).jsBytes;
}

export async function main(): Promise<{ name: string; runtime: number; catalog: number }[]> {
  const dir = measureDir();
  const verbose = process.argv.includes('--verbose');
  const outDir = path.resolve(
    argValue('--supporter-build') ?? path.join(root, '.tmp', 'bench-bundle', 'client'),
  );
  const today = supporterJsToday(outDir);
  const headroom = today === null ? null : JS_BUDGET_BYTES - today;
  const messages = sampleMessages();
  const version = (p: string) =>
    (
      JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', p, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;

  console.log(`i18n libraries for the supporter page (gzip -9, minified, React not counted)`);
  console.log(`  packages: ${PACKAGES.map((p) => `${p}@${version(p)}`).join(', ')}`);
  console.log(
    today === null
      ? `  supporter page JS today: unknown (no build in ${outDir}); budget ${kb(JS_BUDGET_BYTES)}`
      : `  supporter page JS today ${kb(today)}, budget ${kb(JS_BUDGET_BYTES)}: room ${kb(headroom ?? 0)}`,
  );
  console.log(
    `  catalog: ${Object.keys(messages).length} ICU messages, ${kb(gzipBytes(JSON.stringify(messages)))} as plain JSON`,
  );
  const rows: { name: string; runtime: number; catalog: number }[] = [];
  for (const [i, c] of candidates(dir).entries()) {
    const runtime = await bundle(dir, `runtime-${i}.mjs`, c.runtime);
    const catalog = await bundle(dir, `catalog-${i}.mjs`, c.catalog(messages));
    const both = runtime.bytes + catalog.bytes;
    rows.push({ name: c.name, runtime: runtime.bytes, catalog: catalog.bytes });
    console.log(`\n  ${c.name}`);
    console.log(
      `    runtime ${kb(runtime.bytes).padStart(9)}   catalog ${kb(catalog.bytes).padStart(8)}   both ${kb(both)}`,
    );
    const share = (n: number) => (headroom === null ? 'n/a' : `${((100 * n) / headroom).toFixed(0)}%`);
    console.log(
      `    of the room left: runtime ${share(runtime.bytes)}, with the catalog ${share(both)}` +
        (headroom === null ? '' : both < headroom ? ' (fits)' : ' (does not fit)') +
        `; of the whole budget ${((100 * both) / JS_BUDGET_BYTES).toFixed(1)}%`,
    );
    const parts = runtime.packages.map((p) => `${p.name} ${(100 * p.share).toFixed(0)}%`).join(', ');
    if (verbose) console.log(`    runtime by package (minified bytes): ${parts}`);
  }
  fs.rmSync(path.join(dir, '.i18n-bench'), { recursive: true, force: true });
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await main();
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}
