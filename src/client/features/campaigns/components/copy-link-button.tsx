import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LinkIcon } from 'lucide-react';
import { supporterUrl } from '#shared/share-links.ts';
import { type Copier, CopyButton } from '#client/components/ui/copy-button.tsx';
import { markFirstRun } from '#client/lib/first-run.ts';
import type { CopyNotice } from '#client/lib/use-copied.ts';

/** The copy's toast; its words are read when shown, in the language active then. */
export const LINK_COPIED: CopyNotice = {
  get title() {
    return i18n._(msg`Link copied!`);
  },
  get description() {
    return i18n._(msg`Supporter link copied to clipboard`);
  },
};

type LinkedCampaign = { id: number; organizationId: number; status: string };

/**
 * What a copy of the campaign's link says: for a draft or an archived campaign, that
 * supporters who open it now see "Campaign Not Found".
 */
export function linkNotice(campaign: { status: string }): CopyNotice {
  if (campaign.status === 'draft')
    return {
      title: i18n._(msg`Link copied, but not public yet`),
      description: i18n._(
        msg`This campaign is a draft: supporters who open the link see "Campaign Not Found" until you publish it.`,
      ),
    };
  if (campaign.status === 'archived')
    return {
      title: i18n._(msg`Link copied, but the campaign is archived`),
      description: i18n._(msg`Supporters who open the link see "Campaign Not Found".`),
    };
  return LINK_COPIED;
}

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
  const { t } = useLingui();
  return (
    <CopyButton
      {...props}
      value={supporterUrl(window.location.origin, campaign.id)}
      label={t`Copy Share Link`}
      icon={LinkIcon}
      notice={linkNotice(campaign)}
      copier={copier}
      tooltip={t`Link copied to clipboard!`}
      onCopied={() => markFirstRun(campaign.organizationId, 'linkCopied')}
    />
  );
}
