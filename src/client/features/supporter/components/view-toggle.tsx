import { MonitorIcon, SmartphoneIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

/** Mobile View / Desktop View, kept in ?mobile=true|false. */
export function ViewToggle({ mobile, onChange }: { mobile: boolean; onChange: (mobile: boolean) => void }) {
  return (
    <fieldset className="inline-flex gap-1 rounded-md bg-muted p-1">
      <legend className="sr-only">Layout</legend>
      <Button
        size="sm"
        variant={mobile ? 'default' : 'ghost'}
        aria-pressed={mobile}
        onClick={() => onChange(true)}
      >
        <SmartphoneIcon aria-hidden="true" />
        Mobile View
      </Button>
      <Button
        size="sm"
        variant={mobile ? 'ghost' : 'default'}
        aria-pressed={!mobile}
        onClick={() => onChange(false)}
      >
        <MonitorIcon aria-hidden="true" />
        Desktop View
      </Button>
    </fieldset>
  );
}
