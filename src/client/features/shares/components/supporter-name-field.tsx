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
  return (
    <fieldset className="space-y-2 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">Your name (optional)</legend>
      <Label htmlFor="supporter-name" className="sr-only">
        Your name
      </Label>
      <Input
        id="supporter-name"
        autoComplete="name"
        maxLength={MAX_SUPPORTER_NAME}
        placeholder="Your name"
        value={value.name}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
      />
      <CheckLine id="supporter-name-consent" {...tickOf(value, onChange, 'consent')}>
        Share my name with {organizationName} so they can see who shared
      </CheckLine>
      {/* A typed name is never sent without the tick, and the supporter is told so. */}
      <p role="status" className="text-xs text-muted-foreground">
        {value.name.trim() && !value.consent
          ? `Your name is not sent to ${organizationName} unless you tick the box.`
          : ''}
      </p>
    </fieldset>
  );
}
