import { useLingui } from '@lingui/react/macro';
import { Suspense, useEffect, useRef, useState } from 'react';
import type { SupporterAsset, VisitorScheduledShare } from '#shared/schemas/shares.ts';
import { SkipLink } from '#client/components/ui/skip-link.tsx';
import { SUPPORTER_MAIN_ID } from '#shared/skip-link.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { supporterPathId } from '#client/app/supporter-path.ts';
import { setStaffPreview } from '#client/lib/staff-preview.ts';
import { MomentPanel, ScheduleDialog } from '#client/features/scheduling/index.ts';
import { ReminderShareDialog, ShareDialog } from '#client/features/shares/index.ts';
import {
  useSupporterCampaign,
  CampaignNotFound,
  ClosedView,
  PreviewBanner,
  DesktopView,
  MobileView,
  OrganizationBanner,
  PrivacyNotice,
  MyDataButton,
  ViewToggle,
  LanguageMenu,
  type SupporterLanguages,
  useBrandColors,
  useMobileView,
  confirmArrival,
  GoalProgressSlot,
} from '#client/features/supporter/index.ts';

/**
 * The public supporter page: /supporter/:id and /supporter/campaign/:id. It runs without
 * the router (main.tsx): its id comes from the address, which stays for the document.
 */
export default function SupporterPage() {
  const { t } = useLingui();
  const campaignId = Number(supporterPathId(location.pathname));
  const valid = Number.isInteger(campaignId) && campaignId > 0;
  const { data, isPending, isError } = useSupporterCampaign(campaignId);
  const [mobile, setMobile] = useMobileView();
  const [sharing, setSharing] = useState<{ asset: SupporterAsset; personalize: boolean } | null>(null);
  // A reminder's one-tap link (?share={id}&ref={code}) opens the share dialog prefilled.
  const [fromReminder, setFromReminder] = useState(() => new URLSearchParams(location.search).has('share'));
  // What the schedule dialog is for: the chosen asset and, from the personal touch, the message.
  const [scheduling, setScheduling] = useState<{
    asset: SupporterAsset | null;
    message?: string;
    previous?: VisitorScheduledShare;
  } | null>(null);
  useBrandColors(data?.organization);
  // Where focus was when a dialog opened: it goes back there once the dialog closes.
  const opener = useRef<Element | null>(null);
  const remember = () => {
    opener.current = document.activeElement;
  };
  const dialogOpen = Boolean(sharing || scheduling);
  useEffect(() => {
    const el = opener.current;
    if (dialogOpen || !(el instanceof HTMLElement)) return;
    opener.current = null;
    // After the dialog's own focus handling, which runs in a task of its own.
    setTimeout(() => el.isConnected && el.focus(), 0);
  }, [dialogOpen]);

  // Staff previewing a waiting change (the JSON says so, for a member only) are no
  // visitors: their looks count no visit or click-through, their shares are not recorded.
  const staffPreview = data?.preview === 'review';
  setStaffPreview(staffPreview);
  useEffect(() => {
    if (valid && data && !staffPreview) confirmArrival(campaignId);
  }, [valid, campaignId, data, staffPreview]);

  useEffect(() => {
    if (data) document.title = `${data.campaign.name} | Rally`;
  }, [data]);

  if (!valid) return <CampaignNotFound />;
  if (isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label={t`Loading campaign`} />
      </div>
    );
  }
  if (isError || !data) return <CampaignNotFound campaignId={campaignId} />;

  // Shares and scheduled shares carry the page's language (the analytics count per language).
  const campaign = data.language ? { ...data.campaign, language: data.language } : data.campaign;
  // Paused, ended or not yet started: no share or schedule tools (the server would refuse them).
  const open = data.availability.state === 'open';
  // The languages are optional in the JSON until every server sends them.
  const { languages, language } = data as typeof data & SupporterLanguages;
  const menu = <LanguageMenu languages={languages} language={language} />;
  const toggle = open && <ViewToggle mobile={mobile} onChange={setMobile} />;
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink target={SUPPORTER_MAIN_ID} />
      {data.preview && <PreviewBanner preview={data.preview} />}
      {/* The accent colour only decorates: a band above the header, never behind text. */}
      <header className="border-t-4 border-b border-t-accent border-b-border bg-white">
        <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-5 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <OrganizationBanner organization={data.organization} />
            <h1 dir="auto" className="text-2xl font-bold">
              {campaign.name}
            </h1>
            {campaign.description && (
              <p dir="auto" className="text-muted-foreground">
                {campaign.description}
              </p>
            )}
            <GoalProgressSlot campaignId={campaign.id} goal={data.campaign.goal} />
          </div>
          {/* Without a choice of languages the header is as it always was (the first paint's). */}
          {(languages?.length ?? 0) > 1 ? (
            <div className="flex flex-wrap items-center gap-3 sm:flex-col sm:items-end">
              {menu}
              {toggle}
            </div>
          ) : (
            toggle
          )}
        </div>
      </header>
      <main id={SUPPORTER_MAIN_ID} tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 outline-none">
        {/* Shared moments: their panel (and its words) load only for a campaign that has some. */}
        {open && data.moments && (
          <Suspense fallback={null}>
            <MomentPanel
              moments={data.moments}
              campaign={campaign}
              assets={data.assets}
              organization={data.organization}
            />
          </Suspense>
        )}
        {!open ? (
          <ClosedView data={data} />
        ) : mobile ? (
          <MobileView
            data={data}
            onShare={(asset) => {
              remember();
              setSharing({ asset, personalize: false });
            }}
            onSchedule={(asset, message, previous) => {
              remember();
              setScheduling({ asset, message, previous });
            }}
          />
        ) : (
          <DesktopView
            data={data}
            onShare={(asset, personalize = false) => {
              remember();
              setSharing({ asset, personalize });
            }}
            onSchedule={(asset, previous) => {
              remember();
              setScheduling({ asset, previous });
            }}
          />
        )}
      </main>
      <PrivacyNotice organization={data.organization} />
      <MyDataButton />
      <Suspense
        fallback={
          <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/30">
            <Spinner label={t`Opening`} />
          </div>
        }
      >
        {open && sharing && (
          <ShareDialog
            asset={sharing.asset}
            personalize={sharing.personalize}
            campaign={campaign}
            assets={data.assets}
            organization={data.organization}
            onOpenChange={(open) => !open && setSharing(null)}
          />
        )}
        {open && fromReminder && !sharing && (
          <ReminderShareDialog data={data} onOpenChange={(open) => !open && setFromReminder(false)} />
        )}
        {open && scheduling && (
          <ScheduleDialog
            campaign={campaign}
            assets={scheduling.asset ? [scheduling.asset] : []}
            variant="supporter"
            message={scheduling.message}
            previous={scheduling.previous}
            organization={data.organization}
            onOpenChange={(open) => !open && setScheduling(null)}
          />
        )}
      </Suspense>
    </div>
  );
}
