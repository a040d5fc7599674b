// Shares logged and scheduled by supporters, posting a scheduled one, the
// personal-message nudge.
export { PUBLIC_SHARE_WRITES_PER_MINUTE, publicShareWrite, reminderCheckFor } from './public-share-write.ts';
export { sharesRoutes } from './shares.routes.ts';
export { SHARE_CODE_TAKEN_MESSAGE, scheduleShare } from './shares.service.ts';
export { BLOCKED_NAMING_SPENT, BLOCKED_NAMINGS_PER_VISITOR, namingBlockedWords } from './blocked-naming.ts';
