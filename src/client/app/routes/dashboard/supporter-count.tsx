import { Plural } from '@lingui/react/macro';
import { UsersIcon } from 'lucide-react';
import { useCampaignStats } from '#client/features/stats/index.ts';

/**
 * The campaign's real number of supporters (distinct people who shared), from the
 * same stats query its expanded panel reads. Nothing while loading, on error or at 0:
 * a row never shows a figure that is not the campaign's own.
 */
export function SupporterCount({ campaignId }: { campaignId: number }) {
  const { data } = useCampaignStats(campaignId);
  const n = data?.uniqueSupporters ?? 0;
  if (n === 0) return null;
  return (
    <span
      className="inline-flex items-center gap-1 text-xs font-medium text-muted-foreground"
      data-testid="supporter-count"
    >
      <UsersIcon aria-hidden className="size-4" />
      <Plural value={n} one="# supporter" other="# supporters" />
    </span>
  );
}
