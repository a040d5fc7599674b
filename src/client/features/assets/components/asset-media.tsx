import type { Asset } from '#shared/schemas/assets.ts';
import { truncate } from '#shared/text.ts';
import { cn } from '#client/lib/utils.ts';

/** An asset's image, playable video or text, in a 16:9 box so nothing shifts while it loads. */
export function AssetMedia({
  asset,
  priority = false,
  textLimit,
  className,
}: {
  asset: Asset;
  /** The first visible image: fetched eagerly, at high priority (it is the page's largest paint). */
  priority?: boolean;
  textLimit?: number;
  className?: string;
}) {
  if (asset.type === 'image') {
    return (
      <img
        src={asset.content}
        alt={asset.description || asset.title}
        width={640}
        height={360}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={cn('aspect-video w-full rounded-md bg-muted object-cover', className)}
      />
    );
  }
  if (asset.type === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: organisations upload their own videos; captions are theirs to burn in.
      <video
        src={asset.content}
        controls
        playsInline
        preload="metadata"
        aria-label={asset.title}
        className={cn('aspect-video w-full rounded-md bg-black', className)}
      />
    );
  }
  return (
    <blockquote
      className={cn(
        'flex aspect-video w-full items-center overflow-hidden rounded-md bg-indigo-50 p-4 text-base leading-relaxed text-slate-900',
        className,
      )}
    >
      <p className="whitespace-pre-wrap">{textLimit ? truncate(asset.content, textLimit) : asset.content}</p>
    </blockquote>
  );
}
