import { useLingui } from '@lingui/react/macro';
import { STATUS_LABELS, effectiveStatus, isCampaignStatus } from '#shared/campaign-lifecycle.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { Badge } from '#client/components/ui/badge.tsx';

const VARIANTS = {
  draft: 'outline',
  active: 'success',
  paused: 'warning',
  ended: 'secondary',
  archived: 'secondary',
} as const;

/** The status the team sees: an active or paused campaign whose end date passed reads 'Ended'. */
export function CampaignStatusBadge({
  campaign,
}: {
  campaign: Pick<Campaign, 'status' | 'startDate' | 'endDate'>;
}) {
  const { i18n } = useLingui();
  const status = effectiveStatus(campaign);
  if (!isCampaignStatus(status)) return <Badge variant="secondary">{status}</Badge>;
  return (
    <Badge variant={VARIANTS[status]} data-testid="campaign-status">
      {i18n._(STATUS_LABELS[status])}
    </Badge>
  );
}
