import { PLATFORMS, type PlatformId } from '#shared/platforms.ts';

/** The platform's colour as a small dot: decoration beside its name, never the only cue. */
export function PlatformDot({ platform }: { platform: PlatformId }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-2.5 shrink-0 rounded-full"
      style={{ backgroundColor: PLATFORMS[platform].color }}
    />
  );
}
