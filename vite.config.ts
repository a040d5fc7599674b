import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes .br and .gz beside every JS/CSS file; the server sends them to browsers that accept them. */
function precompress(): Plugin {
  return {
    name: 'rally-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(name) || !options.dir) continue;
        const file = path.join(options.dir, name);
        const bytes = fs.readFileSync(file);
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

// The SPA lives in src/client; the server serves dist/client in production and
// proxies nothing: in development Vite proxies the API to the Fastify process.
export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: process.env.CLIENT_OUT_DIR ?? '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to preload a route's chunks with the entry (html/app-shell.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
});
