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
import { roleNeededMessage } from '#shared/schemas/members.ts';
import { shareRefusal } from '#shared/campaign-lifecycle.ts';
import { useCopied } from '#client/lib/use-copied.ts';
import { CopyLinkButton, copyCampaignLink, linkNotice } from './copy-link-button.tsx';

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
    'id' | 'name' | 'description' | 'organizationId' | 'status' | 'startDate' | 'endDate'
  >;
  assets: Asset[];
}) {
  const copier = useCopied(linkNotice(campaign));
  const [scheduling, setScheduling] = useState(false);
  const canEdit = useRole().can('editor');
  const refusal = shareRefusal(campaign);
  const notAllowed = !canEdit ? roleNeededMessage('editor') : refusal;

  return (
    <div className="inline-flex">
      <CopyLinkButton
        campaign={campaign}
        copier={copier}
        size="sm"
        variant="outline"
        className="rounded-r-none"
      />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            size="sm"
            variant="outline"
            className="rounded-l-none border-l-0 px-2"
            aria-label="More share options"
          >
            <ChevronDownIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void copyCampaignLink(copier.copy, campaign)}>
            <LinkIcon aria-hidden /> Copy Share Link
          </DropdownMenuItem>
          {notAllowed ? (
            <DropdownMenuItem disabled>
              <CalendarClockIcon aria-hidden /> Schedule Share ({notAllowed})
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => setScheduling(true)}>
              <CalendarClockIcon aria-hidden /> Schedule Share
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {scheduling && (
        <Suspense>
          <ScheduleDialog campaign={campaign} assets={assets} variant="staff" onOpenChange={setScheduling} />
        </Suspense>
      )}
    </div>
  );
}
