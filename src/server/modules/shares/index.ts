// Shares logged and scheduled by supporters, posting a scheduled one, the
// personal-message nudge, and the naming budget of blocked words (display names spend it too).
export { PUBLIC_SHARE_WRITES_PER_MINUTE, sharesRoutes } from './shares.routes.ts';
export { SHARE_CODE_TAKEN_MESSAGE, scheduleShare } from './shares.service.ts';
export {
  BLOCKED_NAMING_SPENT,
  BLOCKED_NAMINGS_PER_VISITOR,
  namingBlockedWords,
} from './blocked-naming.ts';
