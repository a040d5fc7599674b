import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_SUPPORTER_NAME } from '#shared/schemas/shares.ts';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { CheckLine, tickOf } from '#client/components/ui/check-line.tsx';

export interface SupporterNameValue {
  name: string;
  consent: boolean;
}

/** The name travels with the share only when it is filled in and the consent box is ticked. */
export const consentedName = ({ name, consent }: SupporterNameValue): string | undefined =>
  consent && name.trim() ? name.trim() : undefined;

/**
 * Offered when the organisation collects supporter information: an optional name and
 * the consent line that lets the organisation see who shared.
 */
export function SupporterNameField({
  organizationName,
  value,
  onChange,
}: {
  organizationName: string;
  value: SupporterNameValue;
  onChange: (value: SupporterNameValue) => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="space-y-2 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">
        <Trans>Your name (optional)</Trans>
      </legend>
      <Label htmlFor="supporter-name" className="sr-only">
        <Trans>Your name</Trans>
      </Label>
      <Input
        id="supporter-name"
        autoComplete="name"
        maxLength={MAX_SUPPORTER_NAME}
        placeholder={t`Your name`}
        value={value.name}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
      />
      <CheckLine id="supporter-name-consent" {...tickOf(value, onChange, 'consent')}>
        <Trans>Share my name with {organizationName} so they can see who shared</Trans>
      </CheckLine>
      {/* A typed name is never sent without the tick, and the supporter is told so. */}
      <p role="status" className="text-xs text-muted-foreground">
        {value.name.trim() && !value.consent
          ? t`Your name is not sent to ${organizationName} unless you tick the box.`
          : ''}
      </p>
    </fieldset>
  );
}
