// `npm start`: builds when the build is missing or older than the sources
// (build-if-stale.mjs), then runs the compiled server in this same process, so a
// restart starts one node, not two. Stack traces name the TypeScript lines, as
// `node --enable-source-maps dist/server/main.js` would.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
process.setSourceMapsEnabled(true);
await import('../dist/server/main.js');
