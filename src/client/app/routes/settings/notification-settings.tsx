import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { SettingSwitch } from './setting-switch.tsx';

// Defaults: campaign updates, new supporters and milestones on; weekly digest off.
const NOTIFICATIONS = [
  {
    key: 'campaignUpdates',
    label: 'Campaign Updates',
    description: 'When a campaign changes or ends.',
    on: true,
  },
  {
    key: 'newSupporters',
    label: 'New Supporters',
    description: 'When someone shares for the first time.',
    on: true,
  },
  {
    key: 'milestones',
    label: 'Milestones',
    description: 'When a campaign reaches a share milestone.',
    on: true,
  },
  {
    key: 'weeklyDigest',
    label: 'Weekly Digest',
    description: 'A summary of the week, every Monday.',
    on: false,
  },
] as const;

export function NotificationSettings() {
  const [state, setState] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(NOTIFICATIONS.map((n) => [n.key, n.on])),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email Notifications</CardTitle>
        <CardDescription>Choose what we email you about.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y divide-border">
        {NOTIFICATIONS.map((n) => (
          <SettingSwitch
            key={n.key}
            label={n.label}
            description={n.description}
            checked={state[n.key]}
            onCheckedChange={(checked) => setState((s) => ({ ...s, [n.key]: checked }))}
          />
        ))}
      </CardContent>
    </Card>
  );
}
