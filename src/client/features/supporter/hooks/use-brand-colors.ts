import { useLayoutEffect } from 'react';
import type { SupporterOrganization } from '#shared/schemas/settings.ts';

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * Paints the page in the organisation's colours while it is shown. The theme reads
 * `--color-primary` (buttons, links, focus rings: the server only accepts a primary
 * colour with AA contrast against white text) and `--color-accent` (decoration only,
 * never behind text). Set on the document root so dialogs, which render outside the
 * page's element, follow too.
 */
export function useBrandColors(org: SupporterOrganization | undefined): void {
  const primary = org?.primaryColor;
  const accent = org?.accentColor;
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const set: string[] = [];
    if (primary && HEX.test(primary)) {
      root.setProperty('--color-primary', primary);
      // Darker still on hover, so white text keeps its contrast.
      root.setProperty('--color-primary-hover', `color-mix(in srgb, ${primary} 85%, black)`);
      set.push('--color-primary', '--color-primary-hover');
    }
    if (accent && HEX.test(accent)) {
      root.setProperty('--color-accent', accent);
      set.push('--color-accent');
    }
    return () => {
      for (const name of set) root.removeProperty(name);
    };
  }, [primary, accent]);
}
