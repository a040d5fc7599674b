import { platformLabel } from '#client/lib/platform-name.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyIcon, DownloadIcon } from 'lucide-react';
import type { PlatformId } from '#shared/platforms.ts';
import type { SupporterAsset } from '#shared/schemas/shares.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';
import { TOASTS } from '../lib/messages.ts';
import { copyAssetText, type ShareCampaign, saveAssetMedia } from '../lib/share.ts';
import { PlatformDot } from './platform-badge.tsx';

/** One button per platform; `onShare` runs inside the click so the share window is never blocked. */
export function ShareButtons({
  platforms,
  onShare,
  className,
  disabled,
}: {
  platforms: PlatformId[];
  onShare: (platform: PlatformId) => void;
  className?: string;
  /** Held while the message has a word the organisation does not allow. */
  disabled?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <div className={cn('grid grid-cols-2 gap-2 sm:grid-cols-3', className)}>
      {platforms.map((p) => (
        <Button
          key={p}
          variant="outline"
          className="justify-start"
          disabled={disabled}
          onClick={() => onShare(p)}
        >
          <PlatformDot platform={p} />
          {platformLabel(i18n, p)}
        </Button>
      ))}
    </div>
  );
}

/** 'Save Image' (real file download) and 'Copy Text' (the text with its tracked link, logged as prepared). */
export function SaveAndCopyButtons({
  asset,
  campaign,
  personalMessage,
  words,
  className,
  disabled,
}: {
  asset: SupporterAsset;
  campaign: ShareCampaign;
  personalMessage?: string;
  /** The supporter's version of an editable asset's words. */
  words?: string;
  className?: string;
  /** Holds Copy Text while the message has a word the organisation does not allow. */
  disabled?: boolean;
}) {
  return (
    <div className={cn('grid grid-cols-2 gap-2', className)}>
      {asset.type !== 'text' && (
        <Button variant="secondary" onClick={() => void saveAssetMedia(asset)}>
          <DownloadIcon aria-hidden="true" />
          {asset.type === 'video' ? <Trans>Save Video</Trans> : <Trans>Save Image</Trans>}
        </Button>
      )}
      <Button
        variant="secondary"
        disabled={disabled}
        onClick={() => void copyAssetText(asset, campaign, personalMessage, TOASTS.copyTextFailed, words)}
      >
        <CopyIcon aria-hidden="true" />
        <Trans>Copy Text</Trans>
      </Button>
    </div>
  );
}
