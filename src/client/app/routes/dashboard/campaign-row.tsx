import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDownIcon, ExternalLinkIcon, PlusIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { Button } from '#client/components/ui/button.tsx';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/utils.ts';
import { AddAssetDialog, AssetGrid } from '#client/features/assets/index.ts';
import {
  useCampaignAssets,
  ShareLinkMenu,
  CampaignIcon,
  CampaignStatusBadge,
} from '#client/features/campaigns/index.ts';
import { RoleLocked } from '#client/features/organization/index.ts';
import { CampaignStatsBlock } from '#client/features/stats/index.ts';
import { SupporterCount } from './supporter-count.tsx';

/** A campaign in the dashboard's list; the expanded one shows its assets, sharing and stats. */
export function CampaignRow({
  campaign,
  expanded,
  onToggle,
  selectedAssetId,
}: {
  campaign: Campaign;
  expanded: boolean;
  onToggle: () => void;
  selectedAssetId: number | null;
}) {
  const panelId = `campaign-panel-${campaign.id}`;
  const { i18n } = useLingui();
  const created = i18n.date(campaign.createdAt, { dateStyle: 'medium' });
  return (
    <li className="rounded-lg border border-border bg-white" data-testid="campaign-row">
      <h3>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
          // Phones: status and supporter count drop to a second line under the name.
          className="grid w-full grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-2 p-4 text-start hover:bg-muted/60 sm:flex"
        >
          <CampaignIcon name={campaign.name} />
          <span className="min-w-0 flex-1">
            <span className="block break-words font-semibold" dir="auto">
              {campaign.name}
            </span>
            <span className="block text-sm text-muted-foreground">
              <Trans>Created {created}</Trans>
            </span>
          </span>
          <span className="order-last col-span-full flex items-center gap-3 ps-13 sm:order-none sm:ps-0">
            <CampaignStatusBadge campaign={campaign} />
            <SupporterCount campaignId={campaign.id} />
          </span>
          <ChevronDownIcon
            aria-hidden
            className={cn(
              'size-5 shrink-0 text-muted-foreground transition-transform',
              expanded && 'rotate-180',
            )}
          />
        </button>
      </h3>
      {expanded && (
        <div id={panelId} className="border-t border-border p-4">
          <CampaignPanel campaign={campaign} selectedAssetId={selectedAssetId} />
        </div>
      )}
    </li>
  );
}

function CampaignPanel({
  campaign,
  selectedAssetId,
}: {
  campaign: Campaign;
  selectedAssetId: number | null;
}) {
  const assetsQuery = useCampaignAssets(campaign.id);
  const assets = assetsQuery.data;
  const ref = useRef<HTMLDivElement>(null);
  const { t } = useLingui();

  // An asset picked in the calendar is scrolled into view once its card exists.
  useEffect(() => {
    if (!selectedAssetId || !assets) return;
    ref.current
      ?.querySelector(`[data-asset-id="${selectedAssetId}"]`)
      ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [selectedAssetId, assets]);

  return (
    <div ref={ref} className="space-y-4">
      {campaign.description && (
        <p className="text-sm text-muted-foreground" dir="auto">
          {campaign.description}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {campaign.status !== 'archived' && (
          <RoleLocked
            needs="editor"
            size="sm"
            label={
              <>
                <PlusIcon aria-hidden /> <Trans>Add Asset</Trans>
              </>
            }
          >
            <AddAssetDialog campaignId={campaign.id} organizationId={campaign.organizationId} />
          </RoleLocked>
        )}
        <ShareLinkMenu campaign={campaign} assets={assets ?? []} />
        <Button asChild size="sm" variant="ghost">
          <Link to={`/campaigns/${campaign.id}`}>
            <ExternalLinkIcon aria-hidden /> <Trans>View details</Trans>
          </Link>
        </Button>
      </div>
      <section className="space-y-3" aria-labelledby={`assets-${campaign.id}`}>
        <h4 id={`assets-${campaign.id}`} className="font-semibold">
          <Trans>Campaign Assets</Trans>
        </h4>
        {assetsQuery.isPending ? (
          <Spinner label={t`Loading assets`} />
        ) : assetsQuery.isError ? (
          <QueryError title={t`Failed to fetch assets`} query={assetsQuery} />
        ) : (
          <AssetGrid campaign={campaign} assets={assetsQuery.data} preview selectedId={selectedAssetId} />
        )}
      </section>
      <CampaignStatsBlock campaignId={campaign.id} />
    </div>
  );
}
