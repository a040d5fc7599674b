import { useLingui } from '@lingui/react/macro';
import { ExternalLinkIcon, SmartphoneIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { TitledDialog } from '#client/components/ui/dialog.tsx';

/** The phone the preview is shown on (CSS pixels): the size the supporter page is designed for. */
export const PHONE_WIDTH = 390;
export const PHONE_HEIGHT = 844;

/**
 * "Preview as a supporter" on the review panel: the supporter page with the waiting
 * change (`?review=1`), framed at a phone's size, so staff see exactly what a supporter
 * would on a phone. The server lets only this origin frame that page; the same page
 * opens in a new tab too.
 */
export function PhonePreviewDialog({ campaignId }: { campaignId: number }) {
  const { t } = useLingui();
  const url = `/supporter/${campaignId}?review=1`;
  return (
    <TitledDialog
      trigger={
        <Button variant="outline" size="sm">
          <SmartphoneIcon aria-hidden /> {t`Preview as a supporter`}
        </Button>
      }
      title={t`Preview as a supporter`}
      description={t`The supporter page on a phone, with the change waiting for review.`}
      contentClassName="w-auto max-w-[calc(100vw-1.5rem)] overflow-x-auto"
    >
      <iframe
        src={url}
        title={t`The supporter page with the waiting change`}
        width={PHONE_WIDTH}
        height={PHONE_HEIGHT}
        className="mx-auto box-content block shrink-0 rounded-md border border-border"
      />
      <Button asChild variant="link" size="sm" className="justify-self-start">
        <a href={url} target="_blank" rel="noopener noreferrer">
          <ExternalLinkIcon aria-hidden /> {t`Open in a new tab`}
        </a>
      </Button>
    </TitledDialog>
  );
}
