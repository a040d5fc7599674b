import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../lib/html-escape.ts';

/** Per-page head content: title and meta tags (values are escaped here, once). */
export interface PageMeta {
  title?: string;
  /** property/name -> content, e.g. { 'og:title': '...', 'twitter:card': '...' } */
  meta?: Record<string, string>;
  /** Resources the page will need, fetched in parallel with the app's scripts. */
  preloads?: { href: string; as: 'image' | 'script' | 'style'; fetchpriority?: 'high' | 'low' }[];
  /**
   * The page's lazily loaded route module (its source path under src/client, e.g.
   * 'app/routes/supporter-page.tsx'): its chunks are preloaded with
   * the entry instead of after it, using the build's manifest.
   */
  route?: string;
  /** Data the page would otherwise fetch after start-up: a JSON block the client reads by id. */
  data?: { id: string; json: string };
}

/** JSON inside <script type="application/json">: no '<' can end the element early. */
export const scriptSafeJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The client's router (src/client/app/router.tsx): main.tsx loads it for every page but
 * the supporter page, which starts without it, so the plain shell preloads its chunks.
 */
const APP_ROUTER = 'app/router.tsx';

const FALLBACK_SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Rally</title></head>
<body><div id="root"><p>The web app is not built yet. Run <code>npm run build</code> (npm start does this for you).</p></div></body></html>`;

/**
 * The built index.html, read once and held in memory: every non-API page is this
 * shell, with the page's own title and meta tags substituted per request.
 */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export class AppShell {
  private readonly head: string;
  private readonly tail: string;
  private readonly defaultHtml: string;
  private readonly manifest: Record<string, ManifestChunk> | undefined;
  private readonly routeLinks = new Map<string, string>();

  constructor(clientDist: string) {
    const file = path.join(clientDist, 'index.html');
    const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : FALLBACK_SHELL;
    // Drop the static <title>; each render writes its own.
    const withoutTitle = html.replace(/<title>[^<]*<\/title>/, '');
    const at = withoutTitle.indexOf('</head>');
    this.head = withoutTitle.slice(0, at);
    this.tail = withoutTitle.slice(at);
    const manifestFile = path.join(clientDist, '.vite', 'manifest.json');
    try {
      this.manifest = fs.existsSync(manifestFile)
        ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
        : undefined;
    } catch {
      this.manifest = undefined;
    }
    this.defaultHtml = this.render({ route: APP_ROUTER });
  }

  /** modulepreload/stylesheet links for a route's static chunks that the entry does not already load. */
  private routePreloads(route: string): string {
    const cached = this.routeLinks.get(route);
    if (cached !== undefined) return cached;
    const m = this.manifest;
    let links = '';
    if (m?.[route]) {
      const closure = (keys: string[]) => {
        const seen = new Set<string>();
        const walk = (k: string) => {
          if (seen.has(k) || !m[k]) return;
          seen.add(k);
          for (const i of m[k].imports ?? []) walk(i);
        };
        for (const k of keys) walk(k);
        return seen;
      };
      const entry = closure(Object.keys(m).filter((k) => m[k].isEntry));
      for (const k of closure([route])) {
        if (entry.has(k)) continue;
        links += `<link rel="modulepreload" crossorigin href="/${escapeHtml(m[k].file)}" />`;
        for (const css of m[k].css ?? [])
          links += `<link rel="stylesheet" crossorigin href="/${escapeHtml(css)}" />`;
      }
    }
    this.routeLinks.set(route, links);
    return links;
  }

  render(page: PageMeta): string {
    if (!page.title && !page.meta && !page.preloads && !page.data && !page.route && this.defaultHtml)
      return this.defaultHtml;
    const title = `<title>${escapeHtml(page.title ?? 'Rally')}</title>`;
    const tags = Object.entries(page.meta ?? {})
      .map(([key, content]) => {
        const attr = key.startsWith('og:') ? 'property' : 'name';
        return `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;
      })
      .join('');
    const preloads = (page.preloads ?? [])
      .map(
        (p) =>
          `<link rel="preload" as="${p.as}" href="${escapeHtml(p.href)}"${p.fetchpriority ? ` fetchpriority="${p.fetchpriority}"` : ''} />`,
      )
      .join('');
    const data = page.data
      ? `<script type="application/json" id="${escapeHtml(page.data.id)}">${scriptSafeJson(page.data.json)}</script>`
      : '';
    const route = page.route ? this.routePreloads(page.route) : '';
    return `${this.head}${title}${tags}${route}${preloads}${data}${this.tail}`;
  }
}
