// Compiles the server into one ES module, dist/server/main.js, for `npm start`:
// Node then runs plain JavaScript instead of compiling TypeScript at every start.
// Our own code (src/server, src/shared, the `#shared/*` aliases) is bundled; every
// npm package stays an import resolved from node_modules at run time.
import { build } from 'esbuild';

const started = Date.now();
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`server built into dist/server/main.js in ${Date.now() - started} ms`);
