import { BREAKPOINT_MOBILE } from '#shared/constants.ts';

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** A phone or tablet by user agent, or any window narrower than the mobile breakpoint. */
export function isMobileDevice(): boolean {
  if (typeof window === 'undefined') return false;
  return MOBILE_UA.test(navigator.userAgent) || window.innerWidth < BREAKPOINT_MOBILE;
}
