import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BugIcon, PlusIcon, UploadIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type CampaignStatus, effectiveStatus, isCampaignStatus } from '#shared/campaign-lifecycle.ts';
import { POST_CREATION_REDIRECT_MS } from '#shared/constants.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { Tabs, TabsContent } from '#client/components/ui/tabs.tsx';
import { TabsListOf } from '#client/components/ui/tabs-list-of.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { useDevTools } from '#client/lib/server-info.ts';
import {
  useCampaigns,
  CreateCampaignDialog,
  ImportCampaignsDialog,
} from '#client/features/campaigns/index.ts';
import { useOrgId } from '#client/features/auth/index.ts';
import { RoleLocked } from '#client/features/organization/index.ts';
import { WaitingForReview } from '#client/features/reviews/index.ts';
import { AnalyticsView, OrganizationStatCards } from '#client/features/stats/index.ts';
import { CalendarTab } from './dashboard/calendar-tab.tsx';
import { CampaignList, type ExpandedCampaign } from './dashboard/campaign-list.tsx';
import { DebugButton } from './dashboard/debug-button.tsx';
import { FirstCampaign } from './dashboard/first-campaign.tsx';
import { FirstRunChecklist } from './dashboard/first-run-checklist.tsx';
import { TemplatesTab } from './dashboard/templates-tab.tsx';
import { type DashboardTab, useDashboardHash } from './dashboard/use-dashboard-hash.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The dashboard's tabs in the order they show; the selected one is kept in the URL hash. */
const TABS: { value: DashboardTab; label: MessageDescriptor }[] = [
  { value: 'campaigns', label: msg`Campaigns` },
  { value: 'templates', label: msg`Templates` },
  { value: 'calendar', label: msg`Calendar` },
];

/** The organisation dashboard at / and /campaigns. */
export default function DashboardPage() {
  const orgId = useOrgId();
  const { raw, tab, params, setTab } = useDashboardHash();
  const devTools = useDevTools();
  const { i18n, t } = useLingui();
  const tabs = TABS.map((tab) => ({ ...tab, label: i18n._(tab.label) }));
  // Every campaign, archived too: an organisation without any gets the first-campaign guide.
  const allCampaigns = useCampaigns(orgId, { status: 'all' });
  // The list opens on Active, or on Drafts while every campaign is still a draft (a new
  // campaign is one until it has an asset and is published).
  const onlyDrafts =
    allCampaigns.data?.some((c) => c.status === 'draft') &&
    allCampaigns.data.every((c) => c.status === 'draft' || c.status === 'archived');
  const [chosen, setStatus] = useState<CampaignStatus | null>(null);
  const status = chosen ?? (onlyDrafts ? 'draft' : 'active');
  const campaigns = useCampaigns(orgId, { status });
  // The calendar's own list (every campaign but archived ones), to find the status of one it shows.
  const calendarCampaigns = useCampaigns(orgId, { enabled: tab === 'calendar' });
  const noCampaignYet = status === 'active' && allCampaigns.data?.length === 0;
  const [expanded, setExpanded] = useState<ExpandedCampaign>('default');
  const [selectedAssetId, setSelectedAssetId] = useState<number | null>(null);

  // '#campaigns?refresh=true&org=..&t=..' (after a campaign is made from a template):
  // refetch, say so once, then drop the query from the hash.
  const handledRefresh = useRef<string | null>(null);
  const refresh = params.get('refresh') === 'true';
  const refreshStatus = params.get('status') ?? 'active';
  useEffect(() => {
    if (!refresh || handledRefresh.current === raw) return;
    handledRefresh.current = raw;
    // A campaign made as a draft is listed under Drafts.
    setStatus(isCampaignStatus(refreshStatus) ? refreshStatus : 'active');
    void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns });
    void queryClient.invalidateQueries({ queryKey: queryKeys.organizationStats });
    setExpanded('default');
    toast({ title: t`Campaigns Updated`, description: t`Your new campaign has been added to the list` });
    setTab(tab);
  }, [refresh, refreshStatus, raw, tab, setTab, t]);

  const onCreated = (c: Campaign) => {
    // The new row opens at once; the switch to the campaigns list follows after 300 ms.
    setExpanded(c.id);
    setSelectedAssetId(null);
    setStatus(isCampaignStatus(c.status) ? c.status : 'active');
    setTimeout(() => setTab('campaigns'), POST_CREATION_REDIRECT_MS);
  };

  const showCampaign = (campaignId: number, assetId: number | null = null) => {
    // The list shows one status at a time: switch to the one this campaign has.
    const picked = calendarCampaigns.data?.find((c) => c.id === campaignId);
    const shown = picked ? effectiveStatus(picked) : 'active';
    setStatus(isCampaignStatus(shown) ? shown : 'active');
    setExpanded(campaignId);
    setSelectedAssetId(assetId);
    setTab('campaigns');
  };

  return (
    <main className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">
            <Trans>Organization Dashboard</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Create and manage your advocacy campaigns</Trans>
          </p>
        </div>
        {/* Wraps on a phone: three buttons do not fit 390 px side by side. */}
        <div className="flex flex-wrap gap-2">
          <RoleLocked
            needs="editor"
            label={
              <>
                <PlusIcon aria-hidden /> <Trans>New Campaign</Trans>
              </>
            }
          >
            <CreateCampaignDialog orgId={orgId} onCreated={onCreated} />
          </RoleLocked>
          <RoleLocked
            needs="editor"
            variant="outline"
            label={
              <>
                <UploadIcon aria-hidden /> <Trans>Import</Trans>
              </>
            }
          >
            <ImportCampaignsDialog
              onImported={() => {
                // Imported campaigns may be drafts or live: show them all.
                setStatus(null);
                setTab('campaigns');
              }}
            />
          </RoleLocked>
          {devTools && (
            <RoleLocked
              needs="editor"
              variant="outline"
              label={
                <>
                  <BugIcon aria-hidden /> <Trans>Debug</Trans>
                </>
              }
            >
              <DebugButton onCreated={(id) => showCampaign(id)} />
            </RoleLocked>
          )}
        </div>
      </div>

      <WaitingForReview />

      <FirstRunChecklist orgId={orgId} />

      <OrganizationStatCards orgId={orgId} />

      <Tabs value={tab} onValueChange={(v) => setTab(v as DashboardTab)}>
        <TabsListOf tabs={tabs} />
        <TabsContent value="campaigns">
          <CampaignList
            status={status}
            onStatusChange={(next) => {
              setStatus(next);
              setExpanded('default');
              setSelectedAssetId(null);
            }}
            campaigns={campaigns.data}
            isPending={campaigns.isLoading}
            error={campaigns.error}
            onRetry={() => void campaigns.refetch()}
            retrying={campaigns.isFetching}
            expanded={expanded}
            onExpandedChange={(next) => {
              setExpanded(next);
              setSelectedAssetId(null);
            }}
            selectedAssetId={selectedAssetId}
            firstCampaign={noCampaignYet && <FirstCampaign orgId={orgId} onCreated={onCreated} />}
          />
        </TabsContent>
        <TabsContent value="templates">
          <TemplatesTab />
        </TabsContent>
        <TabsContent value="calendar">
          <CalendarTab orgId={orgId} onSelect={showCampaign} />
        </TabsContent>
      </Tabs>

      {/* Below the three tabs, so the dashboard's own layout stays as it was. */}
      {orgId !== null && <AnalyticsView scope={{ organization: true }} />}
    </main>
  );
}
