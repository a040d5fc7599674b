import fs from 'node:fs';
import path from 'node:path';

/** Written by the client build (vite.config.ts, embedCard): `{ "file": "assets/embed-<hash>.js" }`. */
export const EMBED_MANIFEST = path.join('.vite', 'embed.json');

/**
 * The built share-card script's path under the client build, read once at start-up;
 * undefined when the client is not built (the card then works as plain links).
 */
export function embedScriptFile(clientDist: string): string | undefined {
  try {
    const { file } = JSON.parse(fs.readFileSync(path.join(clientDist, EMBED_MANIFEST), 'utf8')) as {
      file?: unknown;
    };
    return typeof file === 'string' && /^assets\/embed-[\w-]+\.js$/.test(file) ? file : undefined;
  } catch {
    return undefined;
  }
}
