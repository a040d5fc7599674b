export { closedNotice } from '#shared/availability-notice.ts';

/** The banner a team member sees on a campaign the public cannot open. */
export const PREVIEW_BANNERS = {
  draft: 'Draft: only your team can see this',
  archived: 'Archived: only your team can see this. The public page is offline.',
} as const;
