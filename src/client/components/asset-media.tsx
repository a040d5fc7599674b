import { Trans } from '@lingui/react/macro';
import type { Asset } from '#shared/schemas/assets.ts';
import { truncate } from '#shared/text.ts';
import { videoSiteOf } from '#shared/video-sites.ts';
import { cn } from '#client/lib/utils.ts';

/**
 * What an asset looks like: the image, a playable video or the text itself. Media sit
 * in a 16:9 box so nothing shifts while they load; `compact` is a short strip instead.
 */
export function AssetMedia({
  asset,
  label = '',
  compact = false,
  decorative = false,
  priority = false,
  textLimit,
  className,
}: {
  asset: Pick<Asset, 'type' | 'content'> & {
    /** A text asset shows the share-text variant this visitor is shown, when it has one. */
    variant?: { text: string } | null;
  };
  /** The image's alt text or the video's name (staff may use the title; supporters never see it). */
  label?: string;
  compact?: boolean;
  /** A thumbnail beside the title: no alt text, no video controls. */
  decorative?: boolean;
  /** The first visible image: fetched eagerly, at high priority (it is the page's largest paint). */
  priority?: boolean;
  textLimit?: number;
  className?: string;
}) {
  const box = compact ? 'h-20' : 'aspect-video';
  // Saved before such links were refused: the site's page, linked, instead of a dead player.
  const site = asset.type === 'text' ? null : videoSiteOf(asset.content);
  if (site) {
    return (
      <div
        className={cn(
          'flex w-full items-center justify-center rounded-md bg-muted p-3 text-sm',
          box,
          className,
        )}
      >
        {decorative ? (
          <span aria-hidden>{site}</span>
        ) : (
          <a href={asset.content} target="_blank" rel="noopener noreferrer" className="underline">
            <Trans>Watch on {site}</Trans>
          </a>
        )}
      </div>
    );
  }
  if (asset.type === 'image') {
    return (
      <img
        src={asset.content}
        alt={decorative ? '' : label}
        width={640}
        height={360}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={cn('w-full rounded-md bg-muted object-cover', box, className)}
      />
    );
  }
  if (asset.type === 'video') {
    return (
      <video
        src={asset.content}
        controls={!decorative}
        playsInline
        preload="metadata"
        muted={decorative}
        aria-hidden={decorative || undefined}
        aria-label={decorative ? undefined : label}
        className={cn('w-full rounded-md bg-black', box, className)}
      />
    );
  }
  const body = asset.variant?.text ?? asset.content;
  const text = textLimit ? truncate(body, textLimit) : body;
  if (decorative) {
    return (
      <span
        aria-hidden
        className={cn('block overflow-hidden rounded-md bg-muted p-1 text-[10px] leading-tight', className)}
      >
        {text}
      </span>
    );
  }
  if (compact) {
    return (
      <p
        dir="auto"
        className={cn(
          'line-clamp-3 whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm',
          className,
        )}
      >
        {text}
      </p>
    );
  }
  return (
    <blockquote
      className={cn(
        'flex aspect-video w-full items-center overflow-hidden rounded-md bg-indigo-50 p-4 text-base leading-relaxed text-slate-900',
        className,
      )}
    >
      <p dir="auto" className="whitespace-pre-wrap break-words">
        {text}
      </p>
    </blockquote>
  );
}
