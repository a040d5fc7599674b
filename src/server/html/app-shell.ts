import fs from 'node:fs';
import path from 'node:path';

/** Per-page head content: title and meta tags (values are escaped here, once). */
export interface PageMeta {
  title?: string;
  /** property/name -> content, e.g. { 'og:title': '...', 'twitter:card': '...' } */
  meta?: Record<string, string>;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const FALLBACK_SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Rally</title></head>
<body><div id="root"><p>The web app is not built yet. Run <code>npm run build</code> (npm start does this for you).</p></div></body></html>`;

/**
 * The built index.html, read once and held in memory: every non-API page is this
 * shell, with the page's own title and meta tags substituted per request.
 */
export class AppShell {
  private readonly head: string;
  private readonly tail: string;
  private readonly defaultHtml: string;

  constructor(clientDist: string) {
    const file = path.join(clientDist, 'index.html');
    const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : FALLBACK_SHELL;
    // Drop the static <title>; each render writes its own.
    const withoutTitle = html.replace(/<title>[^<]*<\/title>/, '');
    const at = withoutTitle.indexOf('</head>');
    this.head = withoutTitle.slice(0, at);
    this.tail = withoutTitle.slice(at);
    this.defaultHtml = this.render({});
  }

  render(page: PageMeta): string {
    if (!page.title && !page.meta && this.defaultHtml) return this.defaultHtml;
    const title = `<title>${escapeHtml(page.title ?? 'Rally')}</title>`;
    const tags = Object.entries(page.meta ?? {})
      .map(([key, content]) => {
        const attr = key.startsWith('og:') ? 'property' : 'name';
        return `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;
      })
      .join('');
    return `${this.head}${title}${tags}${this.tail}`;
  }
}
