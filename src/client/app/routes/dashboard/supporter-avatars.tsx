import { PLACEHOLDER_SUPPORTERS_MAX, PLACEHOLDER_SUPPORTERS_MIN } from '#shared/constants.ts';

const COLORS = ['bg-pink-400', 'bg-amber-400', 'bg-sky-400', 'bg-emerald-400'];

/** 2..9, fixed for a campaign so the count does not jump between renders. */
export function placeholderCount(campaignId: number): number {
  const span = PLACEHOLDER_SUPPORTERS_MAX - PLACEHOLDER_SUPPORTERS_MIN + 1;
  const mixed = Math.imul(campaignId ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  return PLACEHOLDER_SUPPORTERS_MIN + (mixed % span);
}

/** Four placeholder supporter avatars and a '+N' (no per-campaign supporter list exists yet). */
export function SupporterAvatars({ campaignId }: { campaignId: number }) {
  return (
    <span className="flex items-center">
      <span aria-hidden className="flex -space-x-2">
        {COLORS.map((c) => (
          <span key={c} className={`size-7 rounded-full border-2 border-white ${c}`} />
        ))}
      </span>
      <span className="ml-2 text-xs font-medium text-muted-foreground">
        +{placeholderCount(campaignId)}
        <span className="sr-only"> supporters</span>
      </span>
    </span>
  );
}
