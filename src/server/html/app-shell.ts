import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, type Locale, localeDirection } from '#shared/locales.ts';
import { escapeHtml } from '../lib/html-escape.ts';

/** Per-page head content: title and meta tags (values are escaped here, once). */
export interface PageMeta {
  title?: string;
  /** property/name -> content, e.g. { 'og:title': '...', 'twitter:card': '...' } */
  meta?: Record<string, string>;
  /** Resources the page will need, fetched in parallel with the app's scripts. */
  preloads?: { href: string; as: 'image' | 'script' | 'style'; fetchpriority?: 'high' | 'low' }[];
  /**
   * The modules the entry loads lazily for this page (source paths under src/client, e.g.
   * 'app/router.tsx'): their chunks are preloaded with the entry instead of after it,
   * using the build's manifest.
   */
  routes?: string[];
  /** Data the page would otherwise fetch after start-up: a JSON block the client reads by id. */
  data?: { id: string; json: string };
  /** The page's first paint: HTML inside the root element, shown until the app replaces it. */
  body?: string;
  /** Meta tags a page repeats (`og:locale:alternate`), after `meta`: [property/name, content]. */
  repeatedMeta?: [string, string][];
  /** `<link rel="alternate" hreflang href>`: the page in each of its languages. */
  alternates?: { hreflang: string; href: string }[];
  /** The page's language (`<html lang dir>`), which the client's catalogs follow; English when absent. */
  locale?: ShellLocale;
}

/** A language a page can be sent in: the six, and the pseudo-locale of the translation checks. */
export type ShellLocale = Locale | 'pseudo';

/** The build's module of a catalog (lingui.config.ts), for its modulepreload. */
export const catalogModule = (area: string, locale: ShellLocale) =>
  area === 'shared' ? `../shared/locales/${locale}.po` : `locales/${area}/${locale}.po`;
/** The catalogs the staff workspace loads (src/client/i18n/catalogs.ts STAFF_AREAS). */
const STAFF_CATALOGS = ['shared', 'supporter', 'campaigns', 'organization', 'stats', 'app'];

/** JSON inside <script type="application/json">: no '<' can end the element early. */
export const scriptSafeJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * What main.tsx loads for every page but the supporter page: React's start
 * (src/client/app/start.tsx) and the router, so the plain shell preloads their chunks.
 * The supporter page, painted by the server, fetches its scripts after that paint.
 */
const APP_MODULES = ['app/start.tsx', 'app/router.tsx'];
const staffModules = (locale: ShellLocale) => [
  ...APP_MODULES,
  ...STAFF_CATALOGS.map((area) => catalogModule(area, locale)),
];

/** index.html's root element, whose language each page sets. */
const HTML_ELEMENT = '<html lang="en">';

/** Where a page's first paint goes (index.html's empty root element). */
const ROOT_ELEMENT = '<div id="root">';

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
  /** The rest of the page, cut at the root element's content. */
  private readonly tail: [beforeRoot: string, afterRoot: string];
  private readonly defaultHtml: string;
  /** The head per language other than English, made on first use. */
  private readonly heads = new Map<ShellLocale, string>();
  /** The plain staff page per language other than English. */
  private readonly plainPages = new Map<ShellLocale, string>();
  private readonly manifest: Record<string, ManifestChunk> | undefined;
  private readonly routeLinks = new Map<string, string>();

  constructor(clientDist: string) {
    const file = path.join(clientDist, 'index.html');
    const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : FALLBACK_SHELL;
    // Drop the static <title>; each render writes its own.
    const withoutTitle = html.replace(/<title>[^<]*<\/title>/, '');
    const at = withoutTitle.indexOf('</head>');
    this.head = withoutTitle.slice(0, at);
    const rest = withoutTitle.slice(at);
    const root = rest.indexOf(ROOT_ELEMENT) + ROOT_ELEMENT.length;
    this.tail = root < ROOT_ELEMENT.length ? [rest, ''] : [rest.slice(0, root), rest.slice(root)];
    const manifestFile = path.join(clientDist, '.vite', 'manifest.json');
    try {
      this.manifest = fs.existsSync(manifestFile)
        ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
        : undefined;
    } catch {
      this.manifest = undefined;
    }
    this.defaultHtml = this.render({ routes: staffModules(DEFAULT_LOCALE) });
  }

  private headIn(locale: ShellLocale | undefined): string {
    if (!locale || locale === DEFAULT_LOCALE) return this.head;
    let head = this.heads.get(locale);
    if (head === undefined) {
      const dir = locale === 'pseudo' ? 'ltr' : localeDirection(locale);
      head = this.head.replace(HTML_ELEMENT, `<html lang="${locale}" dir="${dir}">`);
      this.heads.set(locale, head);
    }
    return head;
  }

  /** A staff page (every page but the supporter page) in a language: its scripts and catalogs preloaded. */
  staffPage(locale: ShellLocale): string {
    if (locale === DEFAULT_LOCALE) return this.defaultHtml;
    let html = this.plainPages.get(locale);
    if (html === undefined) {
      html = this.render({ routes: staffModules(locale), locale });
      this.plainPages.set(locale, html);
    }
    return html;
  }

  /** modulepreload/stylesheet links for these modules' static chunks that the entry does not already load. */
  private routePreloads(routes: string[]): string {
    const key = routes.join(' ');
    const cached = this.routeLinks.get(key);
    if (cached !== undefined) return cached;
    const m = this.manifest;
    let links = '';
    // A catalog missing from the manifest (a build without it) is only not preloaded.
    if (m) routes = routes.filter((r) => m[r] || !r.endsWith('.po'));
    if (m && routes.every((r) => m[r])) {
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
      for (const k of closure(routes)) {
        if (entry.has(k)) continue;
        links += `<link rel="modulepreload" crossorigin href="/${escapeHtml(m[k].file)}" />`;
        for (const css of m[k].css ?? [])
          links += `<link rel="stylesheet" crossorigin href="/${escapeHtml(css)}" />`;
      }
    }
    this.routeLinks.set(key, links);
    return links;
  }

  render(page: PageMeta): string {
    const plain =
      !page.title && !page.meta && !page.preloads && !page.data && !page.routes && !page.body && !page.locale;
    if (plain && this.defaultHtml) return this.defaultHtml;
    const title = `<title>${escapeHtml(page.title ?? 'Rally')}</title>`;
    const metaTag = ([key, content]: [string, string]) => {
      const attr = key.startsWith('og:') ? 'property' : 'name';
      return `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;
    };
    let tags = Object.entries(page.meta ?? {})
      .map(metaTag)
      .join('');
    if (page.repeatedMeta) tags += page.repeatedMeta.map(metaTag).join('');
    if (page.alternates)
      tags += page.alternates
        .map(
          (a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}" />`,
        )
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
    const route = page.routes ? this.routePreloads(page.routes) : '';
    const [beforeRoot, afterRoot] = this.tail;
    return `${this.headIn(page.locale)}${title}${tags}${route}${preloads}${data}${beforeRoot}${page.body ?? ''}${afterRoot}`;
  }
}
