// Compiles the server for `npm start` into dist/server: main.js and the chunks it
// imports on demand. Node then runs plain JavaScript instead of compiling TypeScript
// at every start, and finds it in a few files instead of resolving, reading and
// linking the hundreds of modules of node_modules one by one (half of a start's CPU
// when they were left as imports: docs/decisions/0027-fast-start.md).
//
// Our own code and the npm packages are bundled, except those that cannot be:
// native modules, and packages that read their own files at run time.
// A dynamic `import()` (the PDF poster's pdf-lib, web-push) becomes a chunk that is
// read only when first used.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const OUT_DIR = 'dist/server';

/** Stay imports resolved from node_modules at run time. */
const SERVER_EXTERNALS = [
  // Native addons.
  'better-sqlite3',
  '@node-rs/argon2',
  'pg-native',
];

/**
 * @fastify/swagger-ui serves the Swagger UI files from its package directory, found
 * from its own `__dirname`: bundled, that would be dist/server. Its two modules that
 * use it get the package's directory in node_modules instead, found at run time.
 * (Left external, it would load its own copies of @fastify/static and yaml module by
 * module: a third of a start.)
 */
const swaggerUiFiles: Plugin = {
  name: 'swagger-ui-files',
  setup(b) {
    b.onLoad({ filter: /[\\/]@fastify[\\/]swagger-ui[\\/](index|lib[\\/]routes)\.js$/ }, async (args) => {
      const sub = path.basename(path.dirname(args.path)) === 'lib' ? 'lib' : '';
      const dir = `require('node:path').join(require('node:path').dirname(require.resolve('@fastify/swagger-ui')), ${JSON.stringify(sub)})`;
      const source = await fs.promises.readFile(args.path, 'utf8');
      return {
        contents: `const __dirname = ${dir};\n${source}`,
        loader: 'js',
        resolveDir: path.dirname(args.path),
      };
    });
  },
};

const started = Date.now();
// Chunk names carry a hash: without this a rebuild would leave the old ones behind.
fs.rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  // The webhook sender's thread (PostgreSQL) is an entry too, so its module and what it
  // imports land in a chunk of their own: the thread loads that chunk, not the whole server.
  entryPoints: {
    main: 'src/server/main.ts',
    'webhook-sender-thread': 'src/server/modules/outbox/webhook-sender-thread.ts',
  },
  outdir: OUT_DIR,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: SERVER_EXTERNALS,
  plugins: [swaggerUiFiles],
  // The CommonJS packages in an ES module: `require` for Node's own modules, and the
  // file names some of them log or join (never to read their own files: see above).
  banner: {
    js: [
      "import { createRequire as __rallyRequire } from 'node:module';",
      "import { fileURLToPath as __rallyPath } from 'node:url';",
      'const require = __rallyRequire(import.meta.url);',
      'const __filename = __rallyPath(import.meta.url);',
      "const __dirname = __rallyPath(new URL('.', import.meta.url));",
    ].join(' '),
  },
  sourcemap: true,
  // Stack traces name our TypeScript lines; the packages' own sources would only
  // make the map (read at start with --enable-source-maps) several times larger.
  sourcesContent: false,
  legalComments: 'none',
  // A third less to parse at each start (stack traces go through the map anyway);
  // names kept, as plugins and errors are known by them.
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: true,
  logLevel: 'warning',
});
console.log(`server built into ${OUT_DIR}/main.js in ${Date.now() - started} ms`);
