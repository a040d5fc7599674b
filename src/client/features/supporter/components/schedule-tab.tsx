import { platformLabel } from '#client/lib/platform-name.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { PLATFORMS, type PlatformId } from '#shared/platforms.ts';
import type { SupporterAsset, VisitorScheduledShare } from '#shared/schemas/shares.ts';
import { assetHeadline, type CampaignWords } from '#shared/share-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { formatWhen, preloadScheduleDialog } from '#client/features/scheduling/index.ts';
import { latestByAsset, useVisitorScheduled } from '../api/get-scheduled.ts';
import { ScheduleShareButton } from './schedule-share-button.tsx';

/**
 * Schedule tab: every asset with the share this supporter scheduled for it (kept by
 * the server under their visitor cookie, so it survives a reload).
 */
export function ScheduleTab({
  campaign,
  assets,
  onSchedule,
  headerButton = true,
}: {
  campaign: CampaignWords & { id: number };
  assets: SupporterAsset[];
  /** `previous`: the scheduled share a Reschedule replaces, whose choices it starts from. */
  onSchedule: (asset: SupporterAsset | null, previous?: VisitorScheduledShare) => void;
  /** 'Schedule a Share' beside the heading (the phone has it in the personal touch instead). */
  headerButton?: boolean;
}) {
  const { t, i18n } = useLingui();
  const platformName = (p: string) =>
    p in PLATFORMS ? platformLabel(i18n, p as PlatformId) : t`any platform`;
  const { data, isPending, isError } = useVisitorScheduled(campaign.id);
  const latest = latestByAsset(data);
  return (
    <section aria-labelledby="schedule-h" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="schedule-h" className="text-xl font-semibold">
          <Trans>Schedule your shares</Trans>
        </h2>
        {headerButton && <ScheduleShareButton assets={assets} onSchedule={(a) => onSchedule(a)} />}
      </div>
      {isPending ? (
        <Spinner label={t`Loading your scheduled shares`} />
      ) : (
        <>
          {isError && (
            <p className="text-sm text-muted-foreground">
              <Trans>Your scheduled shares could not be loaded. Please try again later.</Trans>
            </p>
          )}
          <ul className="grid gap-3 sm:grid-cols-2">
            {assets.map((a) => {
              const share = latest.get(a.id);
              const headline = assetHeadline(a, campaign);
              const when = share && formatWhen(i18n, new Date(share.scheduledFor));
              const platform = share && platformName(share.platform);
              return (
                <li
                  key={a.id}
                  aria-label={headline}
                  className="flex items-center justify-between gap-3 rounded-lg border border-border bg-white p-4"
                >
                  <div>
                    <p className="font-semibold" dir="auto">
                      {headline}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {share ? t`Scheduled for ${when} on ${platform}` : t`Not scheduled`}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    onClick={() => onSchedule(a, share)}
                    onPointerEnter={preloadScheduleDialog}
                    onFocus={preloadScheduleDialog}
                  >
                    {share ? t`Reschedule` : t`Schedule`}
                  </Button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
