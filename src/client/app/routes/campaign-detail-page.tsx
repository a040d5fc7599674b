import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeftIcon, ExternalLinkIcon, PlusIcon } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Asset } from '#shared/schemas/assets.ts';
import { assetPageUrl } from '#shared/share-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CopyButton } from '#client/components/ui/copy-button.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import {
  AddAssetDialog,
  AssetGrid,
  AssetOrganizer,
  DeleteAssetButton,
  EditAssetDialog,
} from '#client/features/assets/index.ts';
import { RoleLocked, useRole } from '#client/features/organization/index.ts';
import { ReviewPanel } from '#client/features/reviews/index.ts';
import { AnalyticsPanel, AnalyticsView, useCampaignStats } from '#client/features/stats/index.ts';
import {
  CampaignActions,
  CampaignGoal,
  CampaignStatusBadge,
  CopyLinkButton,
  LINK_COPIED,
  MomentsCard,
  useCampaign,
  useSaveAssetOrder,
  UtmSettings,
} from '#client/features/campaigns/index.ts';

/** /campaigns/:id: the campaign, its assets (shared, ordered) and its analytics. */
export default function CampaignDetailPage() {
  const id = Number(useParams().id);
  const campaign = useCampaign(id);
  const stats = useCampaignStats(id, { enabled: Number.isInteger(id) && id > 0 });
  const saveOrder = useSaveAssetOrder(id);
  // Viewers read the campaign; changing it (assets, their order, its status) needs the editor role.
  const canEdit = useRole().can('editor');
  const navigate = useNavigate();
  const { t } = useLingui();

  if (!Number.isInteger(id) || id <= 0 || campaign.isError || stats.isError) return <CampaignNotFound />;
  if (campaign.isPending || stats.isPending) {
    return <PageSpinner label={t`Loading campaign`} />;
  }

  const c = campaign.data;
  // An archived campaign is read-only: the way back is a duplicate.
  const editable = canEdit && c.status !== 'archived';
  const assetActions = (asset: Asset) => (
    <>
      {editable && (
        <>
          <EditAssetDialog asset={asset} />
          <DeleteAssetButton asset={asset} />
        </>
      )}
      <Button asChild size="sm" variant="ghost">
        <a href={`/supporter/${c.id}`} target="_blank" rel="noopener noreferrer">
          <ExternalLinkIcon aria-hidden /> <Trans>Open supporter page</Trans>
          <ForTitle title={asset.title} />
        </a>
      </Button>
      <CopyAssetLink link={assetPageUrl(window.location.origin, c.id, asset.id)} title={asset.title} />
    </>
  );

  return (
    <main className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <Link
        to="/#campaigns"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeftIcon aria-hidden className="size-4 rtl:-scale-x-100" /> <Trans>Back to Dashboard</Trans>
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="break-words text-2xl font-bold sm:text-3xl" dir="auto">
              {c.name}
            </h1>
            <CampaignStatusBadge campaign={c} />
          </div>
          {c.description && (
            <p className="text-muted-foreground" dir="auto">
              {c.description}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <CopyLinkButton campaign={c} variant="outline" />
          {c.status !== 'archived' && (
            <RoleLocked
              needs="editor"
              label={
                <>
                  <PlusIcon aria-hidden /> <Trans>Add Asset</Trans>
                </>
              }
            >
              <AddAssetDialog
                campaignId={c.id}
                organizationId={c.organizationId}
                triggerProps={{ size: 'default' }}
              />
            </RoleLocked>
          )}
        </div>
      </div>

      <ReviewPanel campaignId={c.id} />

      <CampaignActions
        campaign={c}
        canEdit={canEdit}
        onDuplicated={(copy) => navigate(`/campaigns/${copy.id}`)}
      />
      <CampaignGoal campaign={c} stats={stats.data} />

      <section aria-labelledby="campaign-assets" className="space-y-3">
        <h2 id="campaign-assets" className="text-xl font-semibold">
          <Trans>Campaign Assets</Trans>
        </h2>
        <AssetGrid campaign={c} assets={c.assets} preview renderActions={assetActions} />
      </section>

      {editable && (
        <AssetOrganizer
          assets={c.assets}
          saving={saveOrder.isPending}
          onSave={(ids) => saveOrder.mutateAsync(ids)}
        />
      )}

      <MomentsCard campaignId={c.id} assets={c.assets} editable={editable} />

      <UtmSettings
        key={`${c.id}-${c.utmEnabled}-${c.utmMedium}-${c.utmCampaign}`}
        campaign={c}
        editable={editable}
      />

      <AnalyticsPanel stats={stats.data} />

      <AnalyticsView scope={{ campaignId: c.id }} assets={c.assets} />
    </main>
  );
}

function CampaignNotFound() {
  return (
    <main className="flex min-h-[50vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-bold">
        <Trans>Campaign Not Found</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>This campaign does not exist or belongs to another organization.</Trans>
      </p>
      <Button asChild>
        <Link to="/#campaigns">
          <Trans>Back to Dashboard</Trans>
        </Link>
      </Button>
    </main>
  );
}

/** An asset card's 'Copy link': the asset's link (the supporter page previewing it), with the same confirmation. */
function CopyAssetLink({ link, title }: { link: string; title: string }) {
  const { t } = useLingui();
  return (
    <CopyButton size="sm" variant="ghost" value={link} label={t`Copy link`} notice={LINK_COPIED}>
      <ForTitle title={title} />
    </CopyButton>
  );
}

/** The hidden end of an asset's button name (" for <title>"): which asset it acts on. */
function ForTitle({ title }: { title: string }) {
  const { t } = useLingui();
  return <span className="sr-only">{t` for ${title}`}</span>;
}
