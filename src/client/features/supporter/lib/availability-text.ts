import { msg } from '@lingui/core/macro';

export { closedNotice } from '#shared/availability-notice.ts';

/** The banner a team member sees on a campaign the public cannot open. */
export const PREVIEW_BANNERS = {
  draft: msg`Draft: only your team can see this`,
  archived: msg`Archived: only your team can see this. The public page is offline.`,
  review: msg`Preview of a change waiting for review: only your team can see this`,
} as const;
