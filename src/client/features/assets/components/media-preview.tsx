import type { Asset } from '#shared/schemas/assets.ts';
import { cn } from '#client/lib/utils.ts';

/** What an asset looks like: the image, a playable video, or the text itself. */
export function MediaPreview({
  asset,
  className,
  compact = false,
  decorative = false,
}: {
  asset: Pick<Asset, 'type' | 'content' | 'title'>;
  className?: string;
  compact?: boolean;
  /** A thumbnail beside the title: no alt text, no video controls. */
  decorative?: boolean;
}) {
  if (asset.type === 'image') {
    return (
      <img
        src={asset.content}
        alt={decorative ? '' : asset.title}
        loading="lazy"
        className={cn(
          'w-full rounded-md bg-muted object-cover',
          compact ? 'h-20' : 'aspect-video',
          className,
        )}
      />
    );
  }
  if (asset.type === 'video') {
    return (
      <video
        src={asset.content}
        controls={!decorative}
        preload="metadata"
        muted={decorative}
        aria-hidden={decorative || undefined}
        aria-label={decorative ? undefined : asset.title}
        className={cn('w-full rounded-md bg-black', compact ? 'h-20' : 'aspect-video', className)}
      />
    );
  }
  if (decorative) {
    return (
      <span
        aria-hidden
        className={cn('block overflow-hidden rounded-md bg-muted p-1 text-[10px] leading-tight', className)}
      >
        {asset.content}
      </span>
    );
  }
  return (
    <p
      dir="auto"
      className={cn(
        'whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm',
        compact && 'line-clamp-3',
        className,
      )}
    >
      {asset.content}
    </p>
  );
}
