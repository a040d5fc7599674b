import type { Page } from '@playwright/test';

// The pseudo-locale audit (issue 28): in the pseudo-locale every word the product says is
// accented and 30% longer (scripts/pseudo-locale.ts), so a run of a screen in it shows
//  - text that did not come from a catalog: a run of plain ASCII letters, and
//  - layouts that do not take longer words: text cut off by its box, controls on top of
//    each other, a page wider than the screen.
// What people typed (campaign names, usernames, addresses) and brand names are not the
// product's words: the caller lists them.

/**
 * Dates and times formatted by Intl: the pseudo-locale is no locale Intl knows, so it
 * writes them in English. They are the browser's locale data, not the product's words.
 */
export const INTL_WORDS = [
  ...[
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  ...['Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ...['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  // Intl.DisplayNames' names of the six languages.
  ...['English', 'Spanish', 'French', 'German', 'Brazilian', 'Portuguese', 'Arabic'],
  ...[
    'yesterday',
    'today',
    'tomorrow',
    'now',
    'ago',
    'in',
    'minutes',
    'minute',
    'hours',
    'hour',
    'days',
    'day',
    'seconds',
  ],
];

/** Names that stay as they are in every language. */
export const BRAND_NAMES = [
  'Rally',
  'Twitter/X',
  'Twitter',
  'Facebook',
  'LinkedIn',
  'WhatsApp',
  'Instagram Story',
  'Instagram',
  'Telegram',
  'Reddit',
  'Mastodon',
  'Bluesky',
  'Threads',
  'Pinterest',
  'TikTok',
  'YouTube',
  'Vimeo',
  'JSON',
  'CSV',
  'UTM',
  'QR',
  'URL',
  'API',
  'PDF',
  'PNG',
  'SVG',
  'A4',
  'UTC',
  'GMT',
  'AM',
  'PM',
];

export interface AuditFinding {
  kind: 'not from a catalog' | 'clipped' | 'overlap' | 'page wider than the screen';
  text: string;
}

/** What the screen shows now that is not in the pseudo-locale, or does not fit. */
export async function auditScreen(page: Page, allowed: string[], within = 'body'): Promise<AuditFinding[]> {
  return page.evaluate(
    ({ allowed, brands, within }) => {
      const root = document.querySelector(within) ?? document.body;
      const findings: { kind: string; text: string }[] = [];
      // A word is the product's unless it is one of the known ones (whole words only).
      const known = new Set([...allowed, ...brands].flatMap((k) => k.match(/[A-Za-z]{2,}/g) ?? []));
      const plainWords = (text: string) => {
        // URLs, addresses, hex colours and UTM parameter names are data, not words.
        const rest = text.replace(
          /\butm_\w+|\b[A-Z][a-z]+\/[\w/ +-]+|\b[\w.+-]+@[\w.-]+\b|https?:\/\/\S+|\b[\w-]+\.(org|com|net|example)\S*|#[0-9a-f]{3,6}\b/gi,
          ' ',
        );
        return (rest.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !known.has(w));
      };
      const skip = (el: Element | null) =>
        !el ||
        el.closest(
          'script,style,noscript,template,svg,code,pre,[data-audit-skip],[aria-hidden="true"],[inert]',
        ) !== null;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (!text || skip(node.parentElement)) continue;
        if (plainWords(text).length) findings.push({ kind: 'not from a catalog', text });
      }
      for (const el of root.querySelectorAll('[aria-label],[title],[placeholder],img[alt]')) {
        if (skip(el)) continue;
        for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = el.getAttribute(attr)?.trim();
          if (value && plainWords(value).length)
            findings.push({ kind: 'not from a catalog', text: `${attr}="${value}"` });
        }
      }
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return (
          r.width > 2 &&
          r.height > 2 &&
          s.visibility !== 'hidden' &&
          s.display !== 'none' &&
          Number(s.opacity) > 0
        );
      };
      // Text cut off by a box that hides what overflows (an ellipsis is a choice, not a cut).
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        if (skip(el) || !visible(el)) continue;
        const hasText = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
        );
        if (!hasText) continue;
        const s = getComputedStyle(el);
        const hides = /hidden|clip/.test(s.overflowX) || /hidden|clip/.test(s.overflowY);
        if (!hides || s.textOverflow === 'ellipsis' || el.classList.contains('sr-only')) continue;
        if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2)
          findings.push({ kind: 'clipped', text: el.textContent?.trim().slice(0, 80) ?? '' });
      }
      // Controls drawn over each other.
      const controls = [...root.querySelectorAll('button,a[href],input,select,textarea,[role="tab"]')].filter(
        (el) => !skip(el) && visible(el),
      );
      const rects = controls.map((el) => el.getBoundingClientRect());
      for (let i = 0; i < controls.length; i++) {
        for (let j = i + 1; j < controls.length; j++) {
          if (controls[i].contains(controls[j]) || controls[j].contains(controls[i])) continue;
          const a = rects[i];
          const b = rects[j];
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 2 && h > 2)
            findings.push({
              kind: 'overlap',
              text: `${controls[i].textContent?.trim().slice(0, 40)} / ${controls[j].textContent?.trim().slice(0, 40)}`,
            });
        }
      }
      if (document.documentElement.scrollWidth > window.innerWidth + 1)
        findings.push({
          kind: 'page wider than the screen',
          text: `${document.documentElement.scrollWidth}px`,
        });
      return findings as { kind: AuditFinding['kind']; text: string }[];
    },
    { allowed, brands: [...BRAND_NAMES, ...INTL_WORDS], within },
  );
}
