// User-facing texts of the sharing flows, in one place so their exact wording stays the same everywhere.

import { PLATFORMS, type PlatformId, STORY_NEEDS_IMAGE } from '#shared/platforms.ts';

export const MSG = {
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

/** A hand-posted platform asked of an asset with no image or video: nothing to post. */
export const needsMedia = (platform: PlatformId) => ({
  title: 'Nothing to post',
  description:
    platform === 'instagram_story'
      ? STORY_NEEDS_IMAGE
      : `${PLATFORMS[platform].name} needs an image or video: try another platform`,
});

/** How the supporter posts the saved media on a hand-posted platform. */
const NEXT_STEP: Partial<Record<PlatformId, (media: string, mobile: boolean) => string>> = {
  instagram: (m) => `Open Instagram, start a new post with the saved ${m} and paste the caption.`,
  instagram_story: (m, mobile) =>
    mobile
      ? `Open Instagram, add the saved ${m} to your story and paste the caption.`
      : `Stories are posted from the Instagram app: put the saved ${m} on your phone, add it to your story and paste the caption.`,
  tiktok: (m) => `Open TikTok, upload the saved ${m} and paste the caption.`,
  youtube: (m) => `Open YouTube, upload the saved ${m} and paste the caption as its description.`,
};

/**
 * A hand-posted platform's post is prepared (media saved, caption copied unless the
 * clipboard refused): what is ready and the next step. Not a post yet, so never a success.
 */
export const preparedPost = (platform: PlatformId, media: string, copied: boolean, mobile: boolean) => ({
  title: `Ready to post on ${PLATFORMS[platform].name}`,
  description: [
    copied
      ? `The ${media} is saved and the caption copied.`
      : `The ${media} is saved; copy the caption with Copy Text.`,
    NEXT_STEP[platform]?.(media, mobile),
  ]
    .filter(Boolean)
    .join(' '),
});

/** The share log failed: whatever happened on the platform, it was not recorded. */
export const notRecorded = (what: string, reason: string) => ({
  title: 'Share not recorded',
  description: `${what}, but your share could not be recorded: ${reason}`,
});

export const TOASTS = {
  shared: { title: 'Shared successfully' },
  popupBlocked: {
    title: 'The share window was blocked',
    description: 'Please allow popups for this site and try again.',
  },
  emailOpened: { title: 'Email opened', description: 'Finish your message in your email app and send it.' },
  shareFailed: { title: 'Sharing failed', description: 'Please try again or try a different platform' },
  textCopied: {
    title: 'Text copied!',
    description: 'The text and your link are ready to paste where you post.',
  },
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
