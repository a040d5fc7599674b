// Shares logged and scheduled by supporters, posting a scheduled one, the
// personal-message nudge.
export { PUBLIC_SHARE_WRITES_PER_MINUTE, sharesRoutes } from './shares.routes.ts';
export { SHARE_CODE_TAKEN_MESSAGE } from './shares.service.ts';
