import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DownloadIcon, QrCodeIcon } from 'lucide-react';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { defaultPosterLine, printsAsWritten } from '#shared/poster-text.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { POSTER_LINE_MAX } from '#shared/schemas/qr.ts';
import { Button } from '#client/components/ui/button.tsx';
import { IconLabelButton } from '#client/components/ui/icon-label-button.tsx';
import { TitledDialog } from '#client/components/ui/dialog.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useOrganizationSettings } from '#client/features/organization/index.ts';
import { posterPdfUrl, qrPngUrl, qrSvgUrl, useQrPreview } from '../api/qr-files.ts';

/** Why a poster may not print a name or line as typed (the PDF's standard fonts). */
export const POSTER_FONT_NOTE = msg`The poster prints Latin and Arabic letters only: other characters print as "?", accents are dropped where needed and emoji are left out.`;

type QrCampaign = Pick<Campaign, 'id' | 'name' | 'description' | 'status'>;

/**
 * 'QR code': the code of the campaign's supporter link (tagged src=qr, so its visits
 * count as their own source), to download as SVG or PNG, or as an A4 poster with an
 * editable line. Every member may use it.
 */
export function QrCodeDialog({ campaign }: { campaign: QrCampaign }) {
  const { t } = useLingui();
  const name = campaign.name;
  return (
    <TitledDialog
      trigger={<IconLabelButton icon={QrCodeIcon} label={t`QR code`} variant="outline" />}
      title={t`QR code`}
      description={t`For posters and flyers: scanning it opens the supporter page of "${name}", and those visits count as the QR source in analytics.`}
    >
      <QrCodeFiles campaign={campaign} />
    </TitledDialog>
  );
}

function QrCodeFiles({ campaign }: { campaign: QrCampaign }) {
  const { t, i18n } = useLingui();
  const name = campaign.name;
  const lineId = useId();
  const preview = useQrPreview(campaign.id);
  const [line, setLine] = useState(() => defaultPosterLine(campaign.description));
  const max = i18n.number(POSTER_LINE_MAX);
  const fontNote = !printsAsWritten(campaign.name) || !printsAsWritten(line);
  // The dialog would focus its first field (it skips links), and on a phone that opens
  // the keyboard over the code: the first download gets focus instead. This effect runs
  // before the dialog's own, which then keeps focus where it is.
  const firstDownload = useRef<HTMLAnchorElement>(null);
  useEffect(() => firstDownload.current?.focus(), []);

  if (preview.isError) return <QueryError title={t`Could not make the QR code`} query={preview} />;

  return (
    <div className="space-y-4">
      <div className="flex min-h-48 items-center justify-center">
        {preview.data ? (
          <img
            src={preview.data}
            alt={t`QR code for the supporter page of ${name}`}
            className="size-48 border border-border"
          />
        ) : (
          <Spinner label={t`Making the QR code`} />
        )}
      </div>
      {campaign.status === 'draft' && (
        <p className="text-sm text-muted-foreground">
          <Trans>This campaign is a draft: the code opens its page once you publish it.</Trans>
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <DownloadLink href={qrSvgUrl(campaign.id)} label={t`Download SVG`} ref={firstDownload} />
        <DownloadLink href={qrPngUrl(campaign.id)} label={t`Download PNG`} />
      </div>
      <PosterOrganization />
      <FormField
        id={lineId}
        label={t`Poster text`}
        help={`${t`Printed under the campaign name, up to ${max} characters.`}${fontNote ? ` ${i18n._(POSTER_FONT_NOTE)}` : ''}`}
      >
        <Input
          {...fieldAria(lineId, undefined, 'help')}
          value={line}
          maxLength={POSTER_LINE_MAX}
          onChange={(e) => setLine(e.target.value)}
          dir="auto"
        />
      </FormField>
      <DownloadLink href={posterPdfUrl(campaign.id, line)} label={t`Download poster (PDF)`} primary />
    </div>
  );
}

/** A logo the poster can print: a PDF carries PNG and JPEG as they are (the server checks the bytes). */
const PRINTABLE_LOGO = /\.(png|jpe?g)(\?.*)?$/i;

/** What heads the poster: the organisation's logo and name, from its settings (Branding, General). */
function PosterOrganization() {
  const { t } = useLingui();
  const settings = useOrganizationSettings();
  if (!settings.data) return null;
  const { name } = settings.data.general;
  const { logoUrl } = settings.data.branding;
  const printable = PRINTABLE_LOGO.test(logoUrl);
  return (
    <section aria-label={t`Poster heading`} className="space-y-2 rounded-md border border-border p-3">
      <p className="text-sm font-medium">
        <Trans>The poster opens with</Trans>
      </p>
      <div className="flex items-center gap-3">
        {logoUrl && printable && (
          <img src={logoUrl} alt={t`${name} logo`} className="h-10 max-w-32 object-contain" />
        )}
        <span className="text-sm">{name}</span>
      </div>
      <p className="text-xs text-muted-foreground">
        {!logoUrl
          ? t`Add a logo in Settings, Branding, to print it on the poster.`
          : printable
            ? t`The logo and name come from Settings.`
            : t`Your logo is a GIF or WebP image: the poster prints PNG and JPEG logos only, so it carries the name alone.`}
      </p>
    </section>
  );
}

function DownloadLink({
  href,
  label,
  primary = false,
  ref,
}: {
  href: string;
  label: string;
  primary?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}) {
  return (
    <Button asChild variant={primary ? 'default' : 'outline'} className="w-full sm:w-auto">
      <a href={href} download ref={ref}>
        <DownloadIcon aria-hidden /> {label}
      </a>
    </Button>
  );
}
