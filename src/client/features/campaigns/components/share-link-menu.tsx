import { Tooltip as T } from 'radix-ui';
import { CalendarClockIcon, CheckIcon, ChevronDownIcon, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import type { Asset } from '#shared/schemas/assets.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { supporterUrl } from '#shared/share-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useCopyLink } from '../hooks/use-copy-link.ts';
import { ScheduleShareDialog } from './schedule-share-dialog.tsx';

/**
 * 'Copy Share Link' (reads 'Copied!' for 2 s, with the tooltip 'Link copied to
 * clipboard!') and a menu with the same action plus 'Schedule Share'.
 */
export function ShareLinkMenu({
  campaign,
  assets,
}: {
  campaign: Pick<Campaign, 'id' | 'name' | 'organizationId'>;
  assets: Asset[];
}) {
  const { copied, copy } = useCopyLink();
  const [scheduling, setScheduling] = useState(false);

  const copyLink = async () => {
    const ok = await copy(supporterUrl(window.location.origin, campaign.id));
    if (!ok)
      toast({
        title: 'Failed to copy',
        description: 'Please try again or copy manually',
        variant: 'destructive',
      });
  };

  return (
    <div className="inline-flex">
      <T.Root open={copied}>
        <T.Trigger asChild>
          <Button size="sm" variant="outline" className="rounded-r-none" onClick={copyLink}>
            {copied ? <CheckIcon aria-hidden /> : <LinkIcon aria-hidden />}
            {copied ? 'Copied!' : 'Copy Share Link'}
          </Button>
        </T.Trigger>
        <T.Portal>
          <T.Content sideOffset={4} className="z-50 rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white">
            Link copied to clipboard!
          </T.Content>
        </T.Portal>
      </T.Root>
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
          <DropdownMenuItem onSelect={copyLink}>
            <LinkIcon aria-hidden /> Copy Share Link
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setScheduling(true)}>
            <CalendarClockIcon aria-hidden /> Schedule Share
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ScheduleShareDialog
        campaign={campaign}
        assets={assets}
        open={scheduling}
        onOpenChange={setScheduling}
      />
    </div>
  );
}
