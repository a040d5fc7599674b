import { Trans, useLingui } from '@lingui/react/macro';
import { SearchIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { CampaignStatus } from '#shared/campaign-lifecycle.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { CampaignRow } from './campaign-row.tsx';
import { STATUS_FILTERS, StatusFilter } from './status-filter.tsx';

/** 'default' expands the first campaign in the list; null collapses every row. */
export type ExpandedCampaign = number | null | 'default';

/** The campaigns of one status ('Active Campaigns' first): search by name, one expanded row at a time. */
export function CampaignList({
  status,
  onStatusChange,
  campaigns,
  isPending,
  error,
  onRetry,
  retrying,
  expanded,
  onExpandedChange,
  selectedAssetId,
  firstCampaign,
}: {
  /** Shown instead of the plain empty state when the organisation has no campaign at all. */
  firstCampaign?: React.ReactNode;
  status: CampaignStatus;
  onStatusChange: (status: CampaignStatus) => void;
  campaigns: Campaign[] | undefined;
  isPending: boolean;
  /** The list's read failure, shown with a Retry (`onRetry`). */
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  expanded: ExpandedCampaign;
  onExpandedChange: (next: ExpandedCampaign) => void;
  selectedAssetId: number | null;
}) {
  const searchId = useId();
  const { i18n, t } = useLingui();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const filtered = (campaigns ?? []).filter((c) => c.name.toLowerCase().includes(needle));
  const expandedId = expanded === 'default' ? (filtered[0]?.id ?? null) : expanded;
  const filter = STATUS_FILTERS.find((f) => f.status === status) ?? STATUS_FILTERS[0];
  const heading = i18n._(filter.heading);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="space-y-2">
          <h2 className="text-lg font-semibold">{heading}</h2>
          <StatusFilter value={status} onChange={onStatusChange} />
        </div>
        <div className="relative w-full sm:w-72">
          <label htmlFor={searchId} className="sr-only">
            <Trans>Search campaigns</Trans>
          </label>
          <SearchIcon aria-hidden className="absolute start-3 top-3 size-4 text-muted-foreground" />
          <Input
            id={searchId}
            type="search"
            placeholder={t`Search campaigns...`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="ps-9"
          />
        </div>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label={t`Loading campaigns`} />
          </div>
        ) : error ? (
          <LoadError
            title={t`Failed to fetch campaigns`}
            error={error}
            onRetry={onRetry}
            retrying={retrying}
          />
        ) : filtered.length === 0 && !needle && firstCampaign ? (
          firstCampaign
        ) : filtered.length === 0 ? (
          <div className="py-8 text-center">
            <p className="font-medium">
              <Trans>No campaigns found</Trans>
            </p>
            <p className="text-sm text-muted-foreground">
              {needle ? t`Try adjusting your search terms` : i18n._(filter.none)}
            </p>
          </div>
        ) : (
          <ul className="space-y-3">
            {filtered.map((c) => (
              <CampaignRow
                key={c.id}
                campaign={c}
                expanded={c.id === expandedId}
                onToggle={() => onExpandedChange(c.id === expandedId ? null : c.id)}
                selectedAssetId={c.id === expandedId ? selectedAssetId : null}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
