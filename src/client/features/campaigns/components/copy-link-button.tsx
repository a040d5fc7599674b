import { LinkIcon } from 'lucide-react';
import { supporterUrl } from '#shared/share-links.ts';
import { type Copier, CopyButton } from '#client/components/ui/copy-button.tsx';
import { markFirstRun } from '#client/lib/first-run.ts';

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
  copier?: Copier;
} & Omit<React.ComponentProps<typeof CopyButton>, 'value' | 'label' | 'notice' | 'copier' | 'onCopied'>) {
  return (
    <CopyButton
      {...props}
      value={supporterUrl(window.location.origin, campaign.id)}
      label="Copy Share Link"
      icon={LinkIcon}
      notice={LINK_COPIED}
      copier={copier}
      tooltip="Link copied to clipboard!"
      onCopied={() => markFirstRun(campaign.organizationId, 'linkCopied')}
    />
  );
}
