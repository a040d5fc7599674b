import { useState } from 'react';
import type { OrganizationSettings } from '#shared/schemas/settings.ts';
import { SectionCard } from '#client/components/ui/card.tsx';
import { SettingSwitch } from './setting-switch.tsx';
import { WithSettings } from './settings-state.tsx';
import { useSaveSettings } from '../hooks/use-save-settings.ts';

type Notifications = OrganizationSettings['notifications'];

const NOTIFICATIONS: { key: keyof Notifications; label: string; description: string }[] = [
  { key: 'campaignUpdates', label: 'Campaign Updates', description: 'When a campaign changes or ends.' },
  { key: 'newSupporters', label: 'New Supporters', description: 'When someone shares for the first time.' },
  { key: 'milestones', label: 'Milestones', description: 'When a campaign reaches a share milestone.' },
  { key: 'weeklyDigest', label: 'Weekly Digest', description: 'A summary of the week, every Monday.' },
];

export function NotificationSettings() {
  return (
    <WithSettings>
      {(settings, canChange) => (
        <NotificationSwitches initial={settings.notifications} canChange={canChange} />
      )}
    </WithSettings>
  );
}

/** Each switch saves as it is flipped, and flips back when the server refuses. */
function NotificationSwitches({ initial, canChange }: { initial: Notifications; canChange: boolean }) {
  const [state, setState] = useState(initial);
  const { save } = useSaveSettings();
  const flip = (key: keyof Notifications, on: boolean) => {
    setState((s) => ({ ...s, [key]: on }));
    save({ notifications: { [key]: on } }, { onFailed: () => setState((s) => ({ ...s, [key]: !on })) });
  };
  return (
    <SectionCard
      title="Email Notifications"
      description="Choose what we email you about. Each switch is saved as you change it."
      contentClassName="divide-y divide-border"
    >
      {NOTIFICATIONS.map((n) => (
        <SettingSwitch
          key={n.key}
          label={n.label}
          description={n.description}
          checked={state[n.key]}
          disabled={!canChange}
          onCheckedChange={(on) => flip(n.key, on)}
        />
      ))}
    </SectionCard>
  );
}
