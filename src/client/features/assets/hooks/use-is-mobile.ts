import { useSyncExternalStore } from 'react';
import { BREAKPOINT_MOBILE } from '#shared/constants.ts';

const query = `(max-width: ${BREAKPOINT_MOBILE - 1}px)`;

const subscribe = (onChange: () => void) => {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
};

/** True under the 768 px mobile breakpoint, updated on resize. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
