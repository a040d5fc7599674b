import { Trans } from '@lingui/react/macro';
import { MonitorIcon, SmartphoneIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

/** Mobile View / Desktop View, kept in ?mobile=true|false. */
export function ViewToggle({ mobile, onChange }: { mobile: boolean; onChange: (mobile: boolean) => void }) {
  return (
    <fieldset className="inline-flex gap-1 rounded-md bg-muted p-1">
      <legend className="sr-only">
        <Trans>Layout</Trans>
      </legend>
      <Button
        size="sm"
        variant={mobile ? 'default' : 'ghost'}
        aria-pressed={mobile}
        onClick={() => onChange(true)}
      >
        <SmartphoneIcon aria-hidden="true" />
        <Trans>Mobile View</Trans>
      </Button>
      <Button
        size="sm"
        variant={mobile ? 'ghost' : 'default'}
        aria-pressed={!mobile}
        onClick={() => onChange(false)}
      >
        <MonitorIcon aria-hidden="true" />
        <Trans>Desktop View</Trans>
      </Button>
    </fieldset>
  );
}
