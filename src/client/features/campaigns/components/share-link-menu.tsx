import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { campaignUtm } from '#shared/utm.ts';
import { CalendarClockIcon, ChevronDownIcon, LinkIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { Asset } from '#shared/schemas/assets.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { useRole } from '#client/features/organization/index.ts';
import { ScheduleDialog } from '#client/features/scheduling/index.ts';
import { SHARE_REFUSED, shareRefusal } from '#shared/campaign-lifecycle.ts';
import { useCopied } from '#client/lib/use-copied.ts';
import { CopyLinkButton, copyCampaignLink, linkNotice } from './copy-link-button.tsx';

/**
 * The server's refusals (SHARE_REFUSED, which its 409s keep in English) as this screen
 * words them: shareRefusal gives one of those sentences, found here by its key.
 */
const REFUSAL_WORDS: Record<keyof typeof SHARE_REFUSED, MessageDescriptor> = {
  draft: msg`This campaign is not published yet`,
  archived: msg`This campaign has been archived`,
  paused: msg`Sharing is paused for this campaign`,
  ended: msg`This campaign has ended`,
  'not-started': msg`This campaign has not started yet`,
  assetDeleted: msg`This asset is no longer available`,
};
const refusalKey = (refusal: string) =>
  (Object.keys(SHARE_REFUSED) as (keyof typeof SHARE_REFUSED)[]).find((k) => SHARE_REFUSED[k] === refusal);

/**
 * 'Copy Share Link' and a menu with the same action plus 'Schedule Share', which is
 * disabled, with the reason, when the role or the campaign's state does not allow it
 * (a paused, ended, not yet started, draft or archived campaign takes no schedule).
 */
export function ShareLinkMenu({
  campaign,
  assets,
}: {
  campaign: Pick<
    Campaign,
    | 'id'
    | 'name'
    | 'description'
    | 'organizationId'
    | 'status'
    | 'startDate'
    | 'endDate'
    | 'utmEnabled'
    | 'utmMedium'
    | 'utmCampaign'
  >;
  assets: Asset[];
}) {
  const { t, i18n } = useLingui();
  const copier = useCopied(linkNotice(campaign));
  const [scheduling, setScheduling] = useState(false);
  const canEdit = useRole().can('editor');
  const refusal = shareRefusal(campaign);
  const refused = refusal === null ? undefined : refusalKey(refusal);
  const notAllowed = !canEdit
    ? t`This needs the editor role`
    : refused
      ? i18n._(REFUSAL_WORDS[refused])
      : refusal;

  return (
    <div className="inline-flex">
      <CopyLinkButton
        campaign={campaign}
        copier={copier}
        size="sm"
        variant="outline"
        className="rounded-e-none"
      />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            size="sm"
            variant="outline"
            className="rounded-s-none border-s-0 px-2"
            aria-label={t`More share options`}
          >
            <ChevronDownIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void copyCampaignLink(copier.copy, campaign)}>
            <LinkIcon aria-hidden /> <Trans>Copy Share Link</Trans>
          </DropdownMenuItem>
          {notAllowed ? (
            <DropdownMenuItem disabled>
              <CalendarClockIcon aria-hidden /> <Trans>Schedule Share ({notAllowed})</Trans>
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => setScheduling(true)}>
              <CalendarClockIcon aria-hidden /> <Trans>Schedule Share</Trans>
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {scheduling && (
        <Suspense>
          <ScheduleDialog
            campaign={{ ...campaign, utm: campaignUtm(campaign) }}
            assets={assets}
            variant="staff"
            onOpenChange={setScheduling}
          />
        </Suspense>
      )}
    </div>
  );
}
