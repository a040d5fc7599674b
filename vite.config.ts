import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

/** Writes .br and .gz beside every JS/CSS file; the server sends them to browsers that accept them. */
function precompress(): Plugin {
  return {
    name: 'rally-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(name) || !options.dir) continue;
        compressBeside(path.join(options.dir, name));
      }
    },
  };
}

/** Compresses a built file the way precompress() does. */
function compressBeside(file: string) {
  const bytes = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
}

const EMBED_ENTRY = 'src/client/embed/embed-card.ts';
/** Where the built card script's name is written; the server reads it (modules/embed). */
const EMBED_MANIFEST = '.vite/embed.json';

/**
 * The embeddable share card's script, built on its own after the SPA: a separate
 * build shares no chunk with the app, so the card never loads React and the
 * supporter page's chunks stay as they are.
 */
function embedCard(): Plugin {
  let outDir = '';
  return {
    name: 'rally-embed-card',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          rollupOptions: {
            input: { embed: path.resolve(EMBED_ENTRY) },
            output: { format: 'es', entryFileNames: 'assets/embed-[hash].js' },
          },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as { output: { fileName: string }[] }[];
      const file = outputs[0].output[0].fileName;
      compressBeside(path.join(outDir, file));
      fs.mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      fs.writeFileSync(path.join(outDir, EMBED_MANIFEST), JSON.stringify({ file }));
    },
  };
}

/**
 * The packages every page runs at start (React, the query client, class merging, the
 * toaster's Radix parts): one chunk, so the supporter page's start-up script is a few
 * files that compress well rather than many small ones (bench/supporter-bundle.ts).
 */
const START_PACKAGES =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/]\w[\w-]*|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/](react-toast|react-collection|react-dismissable-layer|react-portal|react-presence|react-primitive|primitive|react-context|react-compose-refs|react-slot|react-visually-hidden|react-use-[\w-]+))[\\/]/;

// The SPA lives in src/client; the server serves dist/client in production and
// proxies nothing: in development Vite proxies the API to the Fastify process.
export default defineConfig({
  root: 'src/client',
  plugins: [
    react(),
    // Lingui's macros (t, Trans, plural) become catalog lookups at build time, and each
    // locale's .po becomes a compiled chunk of its own (docs/decisions/0030-languages.md).
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'], include: /src[\\/]client[\\/].*\.tsx?$/ }),
    lingui(),
    tailwindcss(),
    precompress(),
    embedCard(),
  ],
  build: {
    outDir: process.env.CLIENT_OUT_DIR ?? '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to preload a route's chunks with the entry (html/app-shell.ts).
    manifest: true,
    // Every browser the app supports knows modulepreload: the polyfill's start-up work is saved.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: START_PACKAGES },
            {
              name: 'ui',
              test: /src[\\/]client[\\/](lib[\\/](utils|clipboard)\.ts|components[\\/]ui[\\/](button|card|spinner)\.tsx)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
});
