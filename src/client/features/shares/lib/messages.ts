// User-facing texts of the sharing flows, in one place so their exact wording stays the same everywhere.
// Worded when used (getters and functions), in the reader's language: never at import.

import { i18n } from '@lingui/core';
import { select, t } from '@lingui/core/macro';
import { PLATFORMS, type PlatformId, STORY_NEEDS_IMAGE_WORDS } from '#shared/platforms.ts';

export const MSG = {
  get twitterClipboard() {
    return t`For best results with the image, we've copied the content to your clipboard. You can paste it directly in the X compose box.`;
  },
  get linkedinClipboard() {
    return t`Image link and text copied to clipboard. Please paste it into your LinkedIn post for best results.`;
  },
  /** LinkedIn takes only the link: a text asset's words go through the clipboard. */
  get linkedinTextClipboard() {
    return t`Text copied to clipboard. Please paste it into your LinkedIn post.`;
  },
};

/**
 * A platform's window opened: the share is not posted until the supporter finishes there,
 * so it is never called a success.
 */
export const windowOpened = (platform: string, notice?: string) => ({
  title: t`${platform} opened`,
  description: [t`Finish posting in the ${platform} window.`, notice].filter(Boolean).join(' '),
});

/** A hand-posted platform asked of an asset with no image or video: nothing to post. */
export const needsMedia = (platform: PlatformId) => {
  const name = PLATFORMS[platform].name;
  return {
    title: t`Nothing to post`,
    description:
      platform === 'instagram_story'
        ? i18n._(STORY_NEEDS_IMAGE_WORDS)
        : t`${name} needs an image or video: try another platform`,
  };
};

type Media = 'image' | 'video';

/** How the supporter posts the saved media on a hand-posted platform. */
const NEXT_STEP: Partial<Record<PlatformId, (media: Media, mobile: boolean) => string>> = {
  instagram: (media) =>
    select(media, {
      video: 'Open Instagram, start a new post with the saved video and paste the caption.',
      other: 'Open Instagram, start a new post with the saved image and paste the caption.',
    }),
  instagram_story: (media, mobile) =>
    mobile
      ? select(media, {
          video: 'Open Instagram, add the saved video to your story and paste the caption.',
          other: 'Open Instagram, add the saved image to your story and paste the caption.',
        })
      : select(media, {
          video:
            'Stories are posted from the Instagram app: put the saved video on your phone, add it to your story and paste the caption.',
          other:
            'Stories are posted from the Instagram app: put the saved image on your phone, add it to your story and paste the caption.',
        }),
  tiktok: (media) =>
    select(media, {
      video: 'Open TikTok, upload the saved video and paste the caption.',
      other: 'Open TikTok, upload the saved image and paste the caption.',
    }),
  youtube: (media) =>
    select(media, {
      video: 'Open YouTube, upload the saved video and paste the caption as its description.',
      other: 'Open YouTube, upload the saved image and paste the caption as its description.',
    }),
};

/**
 * A hand-posted platform's post is prepared (media saved, caption copied unless the
 * clipboard refused): what is ready and the next step. Not a post yet, so never a success.
 */
export const preparedPost = (platform: PlatformId, media: Media, copied: boolean, mobile: boolean) => {
  const name = PLATFORMS[platform].name;
  return {
    title: t`Ready to post on ${name}`,
    description: [
      copied
        ? select(media, {
            video: 'The video is saved and the caption copied.',
            other: 'The image is saved and the caption copied.',
          })
        : select(media, {
            video: 'The video is saved; copy the caption with Copy Text.',
            other: 'The image is saved; copy the caption with Copy Text.',
          }),
      NEXT_STEP[platform]?.(media, mobile),
    ]
      .filter(Boolean)
      .join(' '),
  };
};

/** What a share's log confirms happened, said in the toast when it could not be recorded. */
export const saved = (media: Media) =>
  select(media, { video: 'The video is saved', other: 'The image is saved' });

/** The share log failed: whatever happened on the platform, it was not recorded. */
export const notRecorded = (what: string, reason: string) => ({
  title: t`Share not recorded`,
  description: t`${what}, but your share could not be recorded: ${reason}`,
});

export const TOASTS = {
  get shared() {
    return { title: t`Shared successfully` };
  },
  get popupBlocked() {
    return {
      title: t`The share window was blocked`,
      description: t`Please allow popups for this site and try again.`,
    };
  },
  get emailOpened() {
    return { title: t`Email opened`, description: t`Finish your message in your email app and send it.` };
  },
  get shareFailed() {
    return { title: t`Sharing failed`, description: t`Please try again or try a different platform` };
  },
  get textCopied() {
    return {
      title: t`Text copied!`,
      description: t`The text and your link are ready to paste where you post.`,
    };
  },
  get copyFailed() {
    return { title: t`Copy failed`, description: t`Please try manually selecting the text` };
  },
  /** The 'Copy Text' button's wording of the same failure. */
  get copyTextFailed() {
    return { title: t`Copy failed`, description: t`Please try manually selecting and copying the text` };
  },
  get imageDownloaded() {
    return { title: t`Image downloaded` };
  },
  get downloadFailed() {
    return {
      title: t`Download failed`,
      description: t`Please try again or right-click the image to save`,
    };
  },
  get messageRequired() {
    return {
      title: t`Message required`,
      description: t`Please add a personal message or select a template`,
    };
  },
  get reminderGone() {
    return {
      title: t`This reminder has been used`,
      description: t`It was shared already, rescheduled or opened in another browser. You can share from this page.`,
    };
  },
};

/** The share dialog's suggestion when many shares of the asset already carried the same personal message. */
export const REPEATED_MESSAGE = {
  get title() {
    return t`Make it your own`;
  },
  get body() {
    return t`Many supporters have already shared this exact message. Posts in your own words stand out and reach more people, so you might reword it a little.`;
  },
  get startingPoint() {
    return t`Need a starting point? Try this and add why it matters to you:`;
  },
  get useTemplate() {
    return t`Use this as a starting point`;
  },
};
