import type { Page } from '@playwright/test';

// The pseudo-locale audit (issue 28): in the pseudo-locale every word the product says is
// accented and 30% longer (scripts/pseudo-locale.ts), so a run of a screen in it shows
//  - text that did not come from a catalog: a run of plain ASCII letters, and
//  - layouts that do not take longer words: text cut off by its box, controls on top of
//    each other, a page wider than the screen.
// What people typed (campaign names, usernames, addresses) and brand names are not the
// product's words: the caller lists them.

/** Names that stay as they are in every language. */
export const BRAND_NAMES = [
  'Rally',
  'Twitter/X',
  'Twitter',
  'Facebook',
  'LinkedIn',
  'WhatsApp',
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
      // Known words removed first (longest first, so "Twitter/X" goes before "X").
      const known = [...allowed, ...brands].filter(Boolean).sort((a, b) => b.length - a.length);
      const plainWords = (text: string) => {
        let rest = text;
        for (const k of known) rest = rest.split(k).join(' ');
        // URLs, addresses, times and hex colours are data, not words.
        rest = rest.replace(
          /\b[\w.+-]+@[\w.-]+\b|https?:\/\/\S+|\b[\w-]+\.(org|com|net|example)\S*|#[0-9a-f]{3,6}\b/gi,
          ' ',
        );
        return rest.match(/[A-Za-z]{2,}/g) ?? [];
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
    { allowed, brands: BRAND_NAMES, within },
  );
}
