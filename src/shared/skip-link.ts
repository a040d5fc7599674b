/**
 * The skip link's look, shared by the React component (client/components/ui/skip-link.tsx)
 * and the supporter page's server first paint (server/modules/supporter/first-paint.ts),
 * so the link is the same before and after the scripts run: hidden until focused.
 */
export const SKIP_LINK_CLASS =
  'sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:font-medium focus:text-slate-900 focus:shadow';

/** The supporter page's main content, the skip link's target in both renderings. */
export const SUPPORTER_MAIN_ID = 'main-content';
