// User-facing texts of the sharing flows, in one place so their exact wording stays the same everywhere.

import { STORY_NEEDS_IMAGE } from '#shared/platforms.ts';

export const MSG = {
  popupBlocked: 'Please allow popups for this site to open the sharing window',
  downloadIssue:
    'There was an issue downloading the image. You may need to right-click and save it manually.',
  instagramManual: 'Unable to share directly to Instagram. Please save the image and share it manually.',
  tiktokManual: 'Unable to share directly to TikTok. Please save the video or image and share it manually.',
  storyFailed: 'Unable to share to Instagram Stories. Please try again or use a different sharing method.',
  storyOpenOnMobile: 'To share to Instagram Stories, please open Instagram on your mobile device',
  storyNeedsImage: STORY_NEEDS_IMAGE,
  storyUseMobile: 'To share to Instagram Stories, please use your mobile device with Instagram installed',
  twitterClipboard:
    "For best results with the image, we've copied the content to your clipboard. You can paste it directly in the X compose box.",
  linkedinClipboard:
    'Image link and text copied to clipboard. Please paste it into your LinkedIn post for best results.',
  /** LinkedIn takes only the link: a text asset's words go through the clipboard. */
  linkedinTextClipboard: 'Text copied to clipboard. Please paste it into your LinkedIn post.',
} as const;

/**
 * A platform's window opened: the share is not posted until the supporter finishes there,
 * so it is never called a success.
 */
export const windowOpened = (platform: string, notice?: string) => ({
  title: `${platform} opened`,
  description: [`Finish posting in the ${platform} window.`, notice].filter(Boolean).join(' '),
});

/** The share log failed: whatever happened on the platform, it was not recorded. */
export const notRecorded = (what: string, reason: string) => ({
  title: 'Share not recorded',
  description: `${what}, but your share could not be recorded: ${reason}`,
});

export const TOASTS = {
  shared: { title: 'Shared successfully' },
  emailOpened: { title: 'Email opened', description: 'Finish your message in your email app and send it.' },
  shareFailed: { title: 'Sharing failed', description: 'Please try again or try a different platform' },
  textCopied: { title: 'Text copied!' },
  copyFailed: { title: 'Copy failed', description: 'Please try manually selecting the text' },
  /** The 'Copy Text' button's wording of the same failure. */
  copyTextFailed: { title: 'Copy failed', description: 'Please try manually selecting and copying the text' },
  imageDownloaded: { title: 'Image downloaded' },
  downloadFailed: {
    title: 'Download failed',
    description: 'Please try again or right-click the image to save',
  },
  messageRequired: {
    title: 'Message required',
    description: 'Please add a personal message or select a template',
  },
  reminderGone: {
    title: 'This reminder has been used',
    description:
      'It was shared already, rescheduled or opened in another browser. You can share from this page.',
  },
} as const;

/** The share dialog's suggestion when many shares of the asset already carried the same personal message. */
export const REPEATED_MESSAGE = {
  title: 'Make it your own',
  body: 'Many supporters have already shared this exact message. Posts in your own words stand out and reach more people, so you might reword it a little.',
  startingPoint: 'Need a starting point? Try this and add why it matters to you:',
  useTemplate: 'Use this as a starting point',
} as const;
