import { Trans, useLingui } from '@lingui/react/macro';
import { Heart, Link2, type LucideIcon, MessageCircle, Repeat2, Send, ThumbsUp } from 'lucide-react';
import type { SupporterAsset } from '#shared/schemas/shares.ts';
import type { LinkPreview } from '#shared/share-links.ts';
import { STORY_NEEDS_IMAGE_WORDS } from '#shared/platforms.ts';
import { redditTitle } from '#shared/share-links.ts';

// Mock posts of each platform. The link cards use the same title, description and
// image the page's Open Graph tags give the real platforms. The platforms' own words
// ("Like", "now") are the reader's language, as the platforms show them; the share
// text and the card's words take their own direction (dir="auto"), the link and
// handles stay left to right inside them (<bdi>), isolated by markup, not by marks
// in the text, so the text the counters count is the text posted.

export const PREVIEW_PLATFORMS = [
  'twitter',
  'facebook',
  'linkedin',
  'whatsapp',
  'instagram_story',
  'bluesky',
  'threads',
  'mastodon',
  'telegram',
  'reddit',
] as const;
export type PreviewPlatform = (typeof PREVIEW_PLATFORMS)[number];

interface PreviewProps {
  asset: SupporterAsset;
  text: string;
  url: string;
  card: LinkPreview;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function Avatar({ className = 'size-10' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white`}
    >
      <Trans>You</Trans>
    </span>
  );
}

function CardImage({ card, className }: { card: LinkPreview; className: string }) {
  return card.image ? <img src={card.image} alt="" className={`${className} object-cover`} /> : null;
}

/** A short post (X, Bluesky, Threads, Mastodon): the handle, the text with its link, the card, the actions. */
function ShortPost({
  handle,
  body,
  card,
  actions,
}: {
  handle: string;
  body: React.ReactNode;
  card: React.ReactNode;
  actions: LucideIcon[];
}) {
  return (
    <div className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 text-[15px] text-slate-900">
      <Avatar />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="leading-tight">
          <span className="font-bold">
            <Trans>You</Trans>
          </span>{' '}
          <span className="text-slate-600">
            <Trans>
              <bdi>{handle}</bdi> · now
            </Trans>
          </span>
        </p>
        <p dir="auto" className="whitespace-pre-wrap break-words">
          {body}
        </p>
        {card}
        <div className="flex justify-between pe-8 text-slate-600" aria-hidden="true">
          {actions.map((Icon, i) => (
            <Icon key={i} className="size-4" />
          ))}
        </div>
      </div>
    </div>
  );
}

function TwitterPreview({ text, url, card }: PreviewProps) {
  return (
    <ShortPost
      handle="@you"
      body={
        <>
          {text} <bdi className="text-sky-700">{url}</bdi>
        </>
      }
      card={
        <>
          {card.image ? (
            <div className="relative overflow-hidden rounded-2xl border border-slate-200">
              <CardImage card={card} className="aspect-[1.91/1] w-full" />
              <span
                dir="auto"
                className="absolute bottom-2 start-2 max-w-[90%] truncate rounded bg-black/75 px-1.5 py-0.5 text-xs text-white"
              >
                {card.title}
              </span>
            </div>
          ) : (
            <div className="flex overflow-hidden rounded-2xl border border-slate-200">
              <span className="flex w-24 items-center justify-center bg-slate-100" aria-hidden="true">
                <Link2 className="size-6 text-slate-600" />
              </span>
              <LinkCardText card={card} layout="beside" />
            </div>
          )}
          {card.image && <CardFrom host={hostOf(card.url)} />}
        </>
      }
      actions={[MessageCircle, Repeat2, Heart, Send]}
    />
  );
}

/** X's line under a card with an image: the site it links to. */
function CardFrom({ host }: { host: string }) {
  return (
    <p className="text-xs text-slate-600">
      <Trans>
        From <bdi>{host}</bdi>
      </Trans>
    </p>
  );
}

/**
 * A Facebook or LinkedIn post: the author line, the text and the link's image, then
 * the platform's own link box and action bar.
 */
function FeedPost({
  byline,
  avatarClassName,
  className,
  text,
  card,
  children,
}: {
  byline: string;
  avatarClassName?: string;
  /** The post's text size. */
  className: string;
  text: string;
  card: LinkPreview;
  children: React.ReactNode;
}) {
  return (
    <div
      className={`overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 ${className}`}
    >
      <div className="flex items-center gap-2 p-3">
        <Avatar className={avatarClassName} />
        <div>
          <p className="font-semibold leading-tight">
            <Trans>You</Trans>
          </p>
          <p className="text-xs text-slate-600">{byline}</p>
        </div>
      </div>
      <p dir="auto" className="whitespace-pre-wrap break-words px-3 pb-3">
        {text}
      </p>
      <CardImage card={card} className="aspect-[1.91/1] w-full" />
      {children}
    </div>
  );
}

function FacebookPreview({ text, card }: PreviewProps) {
  const { t } = useLingui();
  return (
    <FeedPost byline={t`Just now · Public`} className="text-[15px]" text={text} card={card}>
      <div className="border-t border-slate-200 bg-slate-100 px-3 py-2">
        <p className="text-xs uppercase text-slate-600">{hostOf(card.url)}</p>
        <p dir="auto" className="font-semibold leading-snug">
          {card.title}
        </p>
        <p dir="auto" className="truncate text-sm text-slate-600">
          {card.description}
        </p>
      </div>
      <div
        className="flex justify-around border-t border-slate-200 py-2 text-sm text-slate-600"
        aria-hidden="true"
      >
        <span className="flex items-center gap-1">
          <ThumbsUp className="size-4" /> <Trans>Like</Trans>
        </span>
        <span className="flex items-center gap-1">
          <MessageCircle className="size-4" /> <Trans>Comment</Trans>
        </span>
        <span className="flex items-center gap-1">
          <Send className="size-4 rtl:-scale-x-100" /> <Trans>Share</Trans>
        </span>
      </div>
    </FeedPost>
  );
}

function LinkedInPreview({ text, card }: PreviewProps) {
  const { t } = useLingui();
  return (
    <FeedPost
      byline={t`Supporter · Now`}
      avatarClassName="size-12"
      className="text-sm"
      text={text}
      card={card}
    >
      <div className="bg-slate-100 px-3 py-2">
        <p dir="auto" className="font-semibold">
          {card.title}
        </p>
        <p className="text-xs text-slate-600">{hostOf(card.url)}</p>
      </div>
      <div
        className="flex justify-around border-t border-slate-200 py-2 text-xs text-slate-600"
        aria-hidden="true"
      >
        <span>
          <Trans>Like</Trans>
        </span>
        <span>
          <Trans>Comment</Trans>
        </span>
        <span>
          <Trans>Repost</Trans>
        </span>
        <span>
          <Trans>Send</Trans>
        </span>
      </div>
    </FeedPost>
  );
}

function WhatsAppPreview({ text, url, card }: PreviewProps) {
  return (
    <div className="rounded-lg bg-[#efeae2] p-3">
      <div className="ms-auto max-w-[85%] rounded-lg bg-[#d9fdd3] p-1 text-sm text-slate-900 shadow-sm">
        <div className="overflow-hidden rounded-md bg-[#d1f4cc]">
          <CardImage card={card} className="aspect-[1.91/1] w-full" />
          <div className="p-2">
            <p dir="auto" className="font-semibold">
              {card.title}
            </p>
            <p dir="auto" className="line-clamp-2 text-xs text-slate-700">
              {card.description}
            </p>
            <p className="text-xs text-slate-700">{hostOf(card.url)}</p>
          </div>
        </div>
        <p dir="auto" className="whitespace-pre-wrap break-words px-1.5 pt-1">
          {text}
          {'\n\n'}
          <bdi className="text-sky-800 underline">{url}</bdi>
        </p>
        <p className="px-1.5 text-end text-[11px] text-slate-700">
          <Trans>now</Trans> ✓✓
        </p>
      </div>
    </div>
  );
}

function InstagramStoryPreview({ asset, card }: PreviewProps) {
  const { i18n } = useLingui();
  if (asset.type === 'text') {
    return (
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        {i18n._(STORY_NEEDS_IMAGE_WORDS)}
      </p>
    );
  }
  return (
    <div className="relative mx-auto aspect-[9/16] max-h-[26rem] overflow-hidden rounded-2xl bg-black text-white">
      {asset.type === 'image' ? (
        <img src={asset.content} alt="" className="absolute inset-0 size-full object-cover" />
      ) : (
        <video
          src={asset.content}
          muted
          playsInline
          preload="metadata"
          className="absolute inset-0 size-full object-cover"
        />
      )}
      <div className="absolute inset-x-0 top-0 space-y-2 bg-gradient-to-b from-black/70 to-transparent p-3">
        <div className="h-0.5 rounded bg-white/80" />
        <div className="flex items-center gap-2 text-sm font-semibold">
          <Avatar className="size-7" /> <Trans>Your story</Trans>
        </div>
      </div>
      <div className="absolute inset-x-0 bottom-6 flex justify-center">
        <span className="flex items-center gap-1 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-slate-900">
          <Link2 aria-hidden="true" className="size-4" /> {hostOf(card.url).toUpperCase()}
        </span>
      </div>
    </div>
  );
}

/** The link card Bluesky, Threads and Mastodon draw under a post: image, title, description, host. */
function LinkCard({ card }: { card: LinkPreview }) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200">
      <CardImage card={card} className="aspect-[1.91/1] w-full" />
      <LinkCardText card={card} layout="below" />
    </div>
  );
}

/** How a link card sets its words beside a thumbnail (X) or below the image (the others). */
const LINK_CARD_TEXT = {
  beside: { box: 'min-w-0 p-2 text-sm', host: 'text-slate-600', title: 'truncate' },
  below: { box: 'space-y-0.5 p-2 text-sm', host: 'text-xs text-slate-600', title: 'font-semibold' },
};

/** A link card's words: the host, the page's title and its description. */
function LinkCardText({ card, layout }: { card: LinkPreview; layout: keyof typeof LINK_CARD_TEXT }) {
  const classes = LINK_CARD_TEXT[layout];
  return (
    <div className={classes.box}>
      <p className={classes.host}>{hostOf(card.url)}</p>
      <p dir="auto" className={classes.title}>
        {card.title}
      </p>
      <p dir="auto" className="line-clamp-2 text-slate-600">
        {card.description}
      </p>
    </div>
  );
}

/** A Bluesky, Threads or Mastodon post: the text, a blank line, the link, then its card. */
function LinkPost({ text, url, card, handle }: PreviewProps & { handle: string }) {
  return (
    <ShortPost
      handle={handle}
      body={
        <>
          {text}
          {'\n\n'}
          <bdi className="text-sky-700">{url}</bdi>
        </>
      }
      card={<LinkCard card={card} />}
      actions={[MessageCircle, Repeat2, Heart]}
    />
  );
}

const BlueskyPreview = (p: PreviewProps) => <LinkPost {...p} handle="@you.bsky.social" />;
const ThreadsPreview = (p: PreviewProps) => <LinkPost {...p} handle="you" />;
const MastodonPreview = (p: PreviewProps) => <LinkPost {...p} handle="@you@your.server" />;

function TelegramPreview({ text, url, card }: PreviewProps) {
  return (
    <div className="rounded-lg bg-[#dfe8d8] p-3">
      <div className="ms-auto max-w-[85%] space-y-1 rounded-lg bg-[#effdde] p-2 text-sm text-slate-900 shadow-sm">
        <p dir="auto" className="whitespace-pre-wrap break-words">
          {text}
          {'\n'}
          <bdi className="text-sky-800 underline">{url}</bdi>
        </p>
        <div className="border-s-2 border-sky-600 ps-2">
          <p dir="auto" className="font-semibold text-sky-800">
            {card.siteName ?? hostOf(card.url)}
          </p>
          <p dir="auto" className="font-semibold">
            {card.title}
          </p>
          <p dir="auto" className="line-clamp-2 text-xs text-slate-700">
            {card.description}
          </p>
          <CardImage card={card} className="mt-1 aspect-[1.91/1] w-full rounded" />
        </div>
        <p className="text-end text-[11px] text-slate-700">
          <Trans>now</Trans> ✓✓
        </p>
      </div>
    </div>
  );
}

function RedditPreview({ text, card }: PreviewProps) {
  return (
    <div className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3 text-slate-900">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-xs text-slate-600">
          <Trans>
            Posted by <bdi>u/you</bdi> · now
          </Trans>
        </p>
        <p dir="auto" className="font-semibold leading-snug">
          {redditTitle(text)}
        </p>
        <p className="text-xs text-sky-800">{hostOf(card.url)}</p>
      </div>
      {card.image ? (
        <CardImage card={card} className="size-20 shrink-0 rounded" />
      ) : (
        <span
          className="flex size-20 shrink-0 items-center justify-center rounded bg-slate-100"
          aria-hidden="true"
        >
          <Link2 className="size-6 text-slate-600" />
        </span>
      )}
    </div>
  );
}

const PREVIEWS: Record<PreviewPlatform, (p: PreviewProps) => React.ReactNode> = {
  twitter: TwitterPreview,
  facebook: FacebookPreview,
  linkedin: LinkedInPreview,
  whatsapp: WhatsAppPreview,
  instagram_story: InstagramStoryPreview,
  bluesky: BlueskyPreview,
  threads: ThreadsPreview,
  mastodon: MastodonPreview,
  telegram: TelegramPreview,
  reddit: RedditPreview,
};

export function PlatformPreview({ platform, ...props }: PreviewProps & { platform: PreviewPlatform }) {
  const Preview = PREVIEWS[platform];
  return <Preview {...props} />;
}
