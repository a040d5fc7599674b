import { Tooltip as T } from 'radix-ui';
import { CheckIcon, LinkIcon } from 'lucide-react';
import { supporterUrl } from '#shared/share-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useCopied } from '#client/lib/use-copied.ts';

export const LINK_COPIED = { title: 'Link copied!', description: 'Supporter link copied to clipboard' };

/** Copies a campaign's supporter link through `copy` (from useCopied(LINK_COPIED)). */
export const copyCampaignLink = (copy: (text: string) => Promise<boolean>, campaignId: number) =>
  copy(supporterUrl(window.location.origin, campaignId));

/**
 * 'Copy Share Link': copies the campaign's supporter link, then reads 'Copied!' for
 * 2 s with the tooltip 'Link copied to clipboard!' and the 'Link copied!' toast.
 * Pass `copier` to share the confirmation with another control (a menu item).
 */
export function CopyLinkButton({
  campaignId,
  copier,
  ...props
}: {
  campaignId: number;
  copier?: ReturnType<typeof useCopied>;
} & Omit<React.ComponentProps<typeof Button>, 'onClick'>) {
  const own = useCopied(LINK_COPIED);
  const { copied, copy } = copier ?? own;
  return (
    <T.Root open={copied}>
      <T.Trigger asChild>
        <Button {...props} onClick={() => void copyCampaignLink(copy, campaignId)}>
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
