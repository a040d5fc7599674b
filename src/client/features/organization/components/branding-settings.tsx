import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImageIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LOGO_MAX_BYTES } from '#shared/constants.ts';
import { brandingSettingsSchema, type OrganizationSettings } from '#shared/schemas/settings.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { FieldMessage, FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FileUploadField, useFileUpload } from '#client/features/assets/index.ts';
import { SectionSettings, SettingsForm } from './settings-state.tsx';
import { useSettingsForm } from '../hooks/use-save-settings.ts';

type Branding = OrganizationSettings['branding'];

const HEX = /^#[0-9a-fA-F]{6}$/;

export function BrandingSettings() {
  return <SectionSettings section="branding" Form={BrandingForm} />;
}

/** A local URL showing the picked file until it is saved (revoked when it changes). */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

function BrandingForm({ initial, canChange }: { initial: Branding; canChange: boolean }) {
  const settings = useSettingsForm('branding', brandingSettingsSchema, initial);
  const { t, i18n } = useLingui();
  const { form, errors } = settings;
  // Every field is drawn from the values (the logo preview, the picker beside its text), none registered.
  const draft = form.watch();
  const set = (field: keyof Branding, value: string) => form.setValue(field, value, { shouldDirty: true });
  const flow = useFileUpload(LOGO_MAX_BYTES);
  const picked = usePreviewUrl(flow.picked);
  const dirty = Boolean(flow.picked) || JSON.stringify(draft) !== JSON.stringify(initial);
  // One save: a picked logo is uploaded first, then stored with the rest.
  const onSubmit = async () => {
    if (flow.picked) {
      const file = await flow.upload();
      if (!file) return;
      set('logoUrl', file.url);
    }
    settings.onSubmit();
  };

  return (
    <SettingsForm
      label={t`Branding settings`}
      settings={{ ...settings, onSubmit: () => void onSubmit() }}
      canChange={canChange}
      save={t`Save Branding`}
      busy={flow.uploading}
      dirty={dirty}
    >
      <SectionCard
        title={t`Logo`}
        description={t`Shown on your supporter pages and their link previews.`}
        contentClassName="flex flex-col items-start gap-4 sm:flex-row"
      >
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border-2 border-dashed border-border bg-muted">
          {picked || draft.logoUrl ? (
            <img
              src={picked ?? draft.logoUrl}
              alt={t`Organization logo`}
              className="size-full object-contain"
            />
          ) : (
            <ImageIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          )}
        </div>
        <div className="w-full space-y-2">
          {canChange && (
            <FileUploadField
              label={t`Logo image`}
              accept="image/png,image/jpeg,image/gif,image/webp"
              flow={flow}
            />
          )}
          <p className="text-sm text-muted-foreground">
            <Trans>
              PNG, JPEG, GIF or WebP; recommended size 512x512 px. Save Branding uploads the chosen image.
            </Trans>
          </p>
          <FieldMessage message={errors.logoUrl} />
          {canChange && draft.logoUrl && !flow.picked && (
            <Button type="button" size="sm" variant="ghost" onClick={() => set('logoUrl', '')}>
              <XIcon aria-hidden /> <Trans>Remove Logo</Trans>
            </Button>
          )}
        </div>
      </SectionCard>
      <SectionCard
        title={t`Brand Colors`}
        description={t`The primary color is the background of the supporter page's buttons and header, under white text, so it must be dark enough to read (WCAG AA, 4.5:1). The accent color marks highlights.`}
        contentClassName="grid gap-4 sm:grid-cols-2"
      >
        {COLORS.map(({ key, id, label, pick }) => (
          <ColorField
            key={key}
            id={id}
            label={i18n._(label)}
            pickLabel={i18n._(pick)}
            value={draft[key]}
            error={errors[key]}
            disabled={!canChange}
            onChange={(value) => set(key, value)}
          />
        ))}
      </SectionCard>
    </SettingsForm>
  );
}

const COLORS = [
  { key: 'primaryColor', id: 'brand-primary', label: msg`Primary Color`, pick: msg`Pick the primary color` },
  { key: 'accentColor', id: 'brand-accent', label: msg`Accent Color`, pick: msg`Pick the accent color` },
] as const;

/** A colour as #rrggbb text (what the server checks) beside a native picker for the same value. */
function ColorField({
  id,
  label,
  pickLabel,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  /** The native picker's name. */
  pickLabel: string;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const help = t`A colour like #1d4ed8`;
  return (
    <FormField id={id} label={label} error={error} help={help}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={pickLabel}
          // The picker only holds valid colours; while the text is half typed it keeps the last one.
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-14 shrink-0 cursor-pointer rounded border border-border bg-white p-1 disabled:cursor-not-allowed"
        />
        <Input
          {...fieldAria(id, error, help)}
          value={value}
          disabled={disabled}
          maxLength={7}
          spellCheck={false}
          className="font-mono"
          onChange={(e) => onChange(e.target.value.trim())}
        />
      </div>
    </FormField>
  );
}
