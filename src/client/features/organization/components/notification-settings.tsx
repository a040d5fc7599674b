import { useState } from 'react';
import type { NotificationChoices, NotificationSwitch } from '#shared/schemas/notifications.ts';
import { SectionCard } from '#client/components/ui/card.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useNotificationChoices, useUpdateNotificationChoices } from '../api/settings.ts';
import { SettingSwitch } from './setting-switch.tsx';

const NOTIFICATIONS: { key: NotificationSwitch; label: string; description: string }[] = [
  {
    key: 'campaignUpdates',
    label: 'Campaign Updates',
    description:
      'When a campaign ends, by hand or at its end date: a summary of its shares and click-throughs.',
  },
  {
    key: 'newSupporters',
    label: 'New Supporters',
    description:
      "Every morning: the day before's supporters, shares, click-throughs and top asset (only after a day with some).",
  },
  {
    key: 'milestones',
    label: 'Milestones',
    description: 'When a campaign passes 10, 100, 1,000 or more shares.',
  },
  {
    key: 'weeklyDigest',
    label: 'Weekly Digest',
    description: 'A summary of the week, every Monday: shares, supporters, click-throughs and the top asset.',
  },
  { key: 'newMembers', label: 'New Members', description: 'When someone joins your organization.' },
];

/** The member's own email notifications: every member has theirs, whatever their role. */
export function NotificationSettings() {
  const choices = useNotificationChoices();
  return (
    <QueryView query={choices} loading="Loading notifications" failed="Failed to fetch notifications">
      {(data) => <NotificationSwitches initial={data} />}
    </QueryView>
  );
}

/** Each switch saves as it is flipped, and flips back when the server refuses. */
function NotificationSwitches({ initial }: { initial: NotificationChoices }) {
  const [state, setState] = useState(initial);
  const update = useUpdateNotificationChoices();
  const flip = (key: NotificationSwitch, on: boolean) => {
    setState((s) => ({ ...s, [key]: on }));
    update.mutate(
      { [key]: on },
      {
        onSuccess: () => toast({ title: 'Settings saved', variant: 'success' }),
        onError: (err) => {
          setState((s) => ({ ...s, [key]: !on }));
          toast({
            title: 'Settings not saved',
            description: errorMessage(err, 'Something went wrong'),
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <SectionCard
      title="Email Notifications"
      description="Choose what we email you about: these are your own, each switch saved as you change it. Every email has a link that turns its switch off."
      contentClassName="divide-y divide-border"
    >
      {NOTIFICATIONS.map((n) => (
        <SettingSwitch
          key={n.key}
          label={n.label}
          description={n.description}
          checked={state[n.key]}
          onCheckedChange={(on) => flip(n.key, on)}
        />
      ))}
    </SectionCard>
  );
}
