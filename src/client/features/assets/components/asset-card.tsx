import { Trans, useLingui } from '@lingui/react/macro';
import type * as React from 'react';
import type { Asset } from '#shared/schemas/assets.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';
import { AssetMedia } from '#client/components/asset-media.tsx';
import type { ShareTextCampaign } from '#shared/share-text.ts';
import { isLocale } from '#shared/locales.ts';
import { languageName } from '#client/lib/language-name.ts';
import { PlatformButtons } from './platform-buttons.tsx';

/** One asset: its media, title and the platforms it can go to. */
export function AssetCard({
  asset,
  campaign,
  preview = false,
  selected = false,
  actions,
}: {
  asset: Asset;
  /** Its words and disclosure line: a post from here carries the line too. */
  campaign: ShareTextCampaign;
  /** Preview mode: the asset as supporters will get it, marked 'Ready to share'. */
  preview?: boolean;
  selected?: boolean;
  actions?: React.ReactNode;
}) {
  return (
    <Card
      data-testid="asset-card"
      data-asset-id={asset.id}
      aria-current={selected ? 'true' : undefined}
      className={cn('flex flex-col gap-3 p-4', selected && 'ring-2 ring-primary')}
    >
      <AssetMedia asset={asset} label={asset.description || asset.title} />
      <div className="flex items-start justify-between gap-2">
        <h4 className="min-w-0 break-words font-semibold" dir="auto">
          {asset.title}
        </h4>
        {preview && (
          <Badge variant="success">
            <Trans>Ready to share</Trans>
          </Badge>
        )}
      </div>
      <MissingTranslations asset={asset} />
      {asset.description && (
        <p className="text-sm text-muted-foreground" dir="auto">
          {asset.description}
        </p>
      )}
      <PlatformButtons asset={asset} campaign={campaign} />
      {actions && <div className="flex flex-wrap gap-2 border-t border-border pt-3">{actions}</div>}
    </Card>
  );
}

/**
 * The languages the asset still lacks words in (the campaign read's `missingTranslations`),
 * named in the reader's language; nothing for a campaign in one language or a full set.
 */
function MissingTranslations({ asset }: { asset: Asset }) {
  const { t, i18n } = useLingui();
  const locales = Object.entries(asset.missingTranslations ?? {})
    .filter(([locale, fields]) => isLocale(locale) && fields.length > 0)
    .map(([locale]) => locale)
    .filter(isLocale);
  if (locales.length === 0) return null;
  const names = new Intl.ListFormat(i18n.locale || 'en', { style: 'short', type: 'unit' }).format(
    locales.map((l) => languageName(i18n, l)),
  );
  return (
    <p data-testid="missing-translations">
      <Badge variant="warning">{t`Missing translations: ${names}`}</Badge>
    </p>
  );
}
