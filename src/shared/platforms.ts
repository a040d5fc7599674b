// The platforms a supporter can share to: ids, names, share URLs and what each accepts.

export const PLATFORM_IDS = [
  'twitter',
  'facebook',
  'linkedin',
  'instagram',
  'instagram_story',
  'whatsapp',
  'tiktok',
  'youtube',
  'bluesky',
  'threads',
  'mastodon',
  'telegram',
  'reddit',
  'email',
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

export interface PlatformDefinition {
  id: PlatformId;
  name: string;
  color: string;
  verb: string;
  supportsMedia: boolean;
  supportsText: boolean;
  /** LinkedIn cannot take an image through its share URL: the user attaches it by hand. */
  manualImageUpload?: boolean;
}

export const PLATFORMS: Record<PlatformId, PlatformDefinition> = {
  twitter: {
    id: 'twitter',
    name: 'X',
    color: '#000000',
    verb: 'Post',
    supportsMedia: true,
    supportsText: true,
  },
  facebook: {
    id: 'facebook',
    name: 'Facebook',
    color: '#1877F2',
    verb: 'Share',
    supportsMedia: true,
    supportsText: true,
  },
  linkedin: {
    id: 'linkedin',
    name: 'LinkedIn',
    color: '#0A66C2',
    verb: 'Share',
    supportsMedia: true,
    supportsText: true,
    manualImageUpload: true,
  },
  instagram: {
    id: 'instagram',
    name: 'Instagram',
    color: '#E4405F',
    verb: 'Post',
    supportsMedia: true,
    supportsText: false,
  },
  instagram_story: {
    id: 'instagram_story',
    name: 'Instagram Story',
    color: '#C13584',
    verb: 'Add to Story',
    supportsMedia: true,
    supportsText: false,
  },
  whatsapp: {
    id: 'whatsapp',
    name: 'WhatsApp',
    color: '#25D366',
    verb: 'Send',
    supportsMedia: true,
    supportsText: true,
  },
  tiktok: {
    id: 'tiktok',
    name: 'TikTok',
    color: '#010101',
    verb: 'Post',
    supportsMedia: true,
    supportsText: false,
  },
  youtube: {
    id: 'youtube',
    name: 'YouTube',
    color: '#FF0000',
    verb: 'Upload',
    supportsMedia: true,
    supportsText: true,
  },
  // Link platforms: the post carries the text and the tracked link; the picture comes
  // from the link's preview card (the page's Open Graph tags).
  bluesky: {
    id: 'bluesky',
    name: 'Bluesky',
    color: '#1185FE',
    verb: 'Post',
    supportsMedia: false,
    supportsText: true,
  },
  threads: {
    id: 'threads',
    name: 'Threads',
    color: '#000000',
    verb: 'Post',
    supportsMedia: false,
    supportsText: true,
  },
  mastodon: {
    id: 'mastodon',
    name: 'Mastodon',
    color: '#6364FF',
    verb: 'Post',
    supportsMedia: false,
    supportsText: true,
  },
  telegram: {
    id: 'telegram',
    name: 'Telegram',
    color: '#26A5E4',
    verb: 'Send',
    supportsMedia: false,
    supportsText: true,
  },
  reddit: {
    id: 'reddit',
    name: 'Reddit',
    color: '#FF4500',
    verb: 'Post',
    supportsMedia: false,
    supportsText: true,
  },
  email: {
    id: 'email',
    name: 'Email',
    color: '#475569',
    verb: 'Send',
    supportsMedia: false,
    supportsText: true,
  },
};

/**
 * The share channel of 'Copy Text': the share text and its tracked link copied for the
 * supporter to paste anywhere. Not a platform (no button, no campaign setting); a copy
 * is logged as a `prepared` post under this id and its link's `utm_source` is this id.
 */
export const COPY_CHANNEL = 'copy';
export const COPY_CHANNEL_NAME = 'Copied text';

/** What a logged share names as where it went: a platform, or the copied text. */
export const SHARE_CHANNELS = [...PLATFORM_IDS, COPY_CHANNEL] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** A platform's display name ('twitter' -> 'X', the copy channel 'Copied text'); an id that names no platform, as it is. */
export function platformName(id: string): string {
  if (id === COPY_CHANNEL) return COPY_CHANNEL_NAME;
  return id in PLATFORMS ? PLATFORMS[id as PlatformId].name : id;
}

/** A story needs an image or video: what the story preview and a share of a text asset there say. */
/** In the `shared` catalog: the supporter page and its share dialog say it in the reader's language. */
export const STORY_NEEDS_IMAGE_WORDS = /*i18n*/ {
  id: 'share.storyNeedsImage',
  message: 'Cannot share to Instagram Story without an image',
};
export const STORY_NEEDS_IMAGE = STORY_NEEDS_IMAGE_WORDS.message;

/** Where supporters post beyond the classic four: offered for every asset type, through their web links. */
export const LINK_PLATFORMS: PlatformId[] = ['bluesky', 'threads', 'mastodon', 'telegram', 'reddit', 'email'];

const BY_TYPE: Record<string, PlatformId[]> = {
  image: ['instagram_story', 'twitter', 'facebook', 'linkedin', 'instagram', 'whatsapp'],
  video: ['instagram_story', 'twitter', 'facebook', 'youtube', 'whatsapp', 'tiktok'],
  text: ['twitter', 'facebook', 'linkedin', 'whatsapp'],
};

/** Platforms offered for an asset type: story sharing only for image and video, which a story needs. */
export function platformsForAssetType(type: string): PlatformId[] {
  return BY_TYPE[type] ?? BY_TYPE.text;
}
