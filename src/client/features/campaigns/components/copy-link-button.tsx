import { Tooltip as T } from 'radix-ui';
import { CheckIcon, LinkIcon } from 'lucide-react';
import { supporterUrl } from '#shared/share-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { markFirstRun } from '#client/lib/first-run.ts';
import { useCopied } from '#client/lib/use-copied.ts';

export const LINK_COPIED = { title: 'Link copied!', description: 'Supporter link copied to clipboard' };

type LinkedCampaign = { id: number; organizationId: number };

/**
 * Copies a campaign's supporter link through `copy` (from useCopied(LINK_COPIED));
 * a successful copy ticks the first-run checklist's "Copy the link" step.
 */
export async function copyCampaignLink(
  copy: (text: string) => Promise<boolean>,
  campaign: LinkedCampaign,
): Promise<boolean> {
  const ok = await copy(supporterUrl(window.location.origin, campaign.id));
  if (ok) markFirstRun(campaign.organizationId, 'linkCopied');
  return ok;
}

/**
 * 'Copy Share Link': copies the campaign's supporter link, then reads 'Copied!' for
 * 2 s with the tooltip 'Link copied to clipboard!' and the 'Link copied!' toast.
 * Pass `copier` to share the confirmation with another control (a menu item).
 */
export function CopyLinkButton({
  campaign,
  copier,
  ...props
}: {
  campaign: LinkedCampaign;
  copier?: ReturnType<typeof useCopied>;
} & Omit<React.ComponentProps<typeof Button>, 'onClick'>) {
  const own = useCopied(LINK_COPIED);
  const { copied, copy } = copier ?? own;
  return (
    <T.Root open={copied}>
      <T.Trigger asChild>
        <Button {...props} onClick={() => void copyCampaignLink(copy, campaign)}>
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
  );
}
