import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { NotificationChoices, NotificationSwitch } from '#shared/schemas/notifications.ts';
import { SectionCard } from '#client/components/ui/card.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useNotificationChoices, useUpdateNotificationChoices } from '../api/settings.ts';
import { SettingSwitch } from './setting-switch.tsx';

const NOTIFICATIONS: { key: NotificationSwitch; label: MessageDescriptor; description: MessageDescriptor }[] =
  [
    {
      key: 'campaignUpdates',
      label: msg`Campaign Updates`,
      description: msg`When a campaign ends, by hand or at its end date: a summary of its shares and click-throughs.`,
    },
    {
      key: 'newSupporters',
      label: msg`New Supporters`,
      description: msg`Every morning: the day before's supporters, shares, click-throughs and top asset (only after a day with some).`,
    },
    {
      key: 'milestones',
      label: msg`Milestones`,
      description: msg`When a campaign passes 10, 100, 1,000 or more shares, and 50%, 90% and 100% of its goal.`,
    },
    {
      key: 'weeklyDigest',
      label: msg`Weekly Digest`,
      description: msg`A summary of the week, every Monday: shares, supporters, click-throughs and the top asset.`,
    },
    { key: 'newMembers', label: msg`New Members`, description: msg`When someone joins your organization.` },
    {
      key: 'reviews',
      label: msg`Reviews`,
      description: msg`When a change waits for your review, or a reviewer decides on yours.`,
    },
  ];

/** The member's own email notifications: every member has theirs, whatever their role. */
export function NotificationSettings() {
  const choices = useNotificationChoices();
  const { t } = useLingui();
  return (
    <QueryView query={choices} loading={t`Loading notifications`} failed={t`Failed to fetch notifications`}>
      {(data) => <NotificationSwitches initial={data} />}
    </QueryView>
  );
}

/** Each switch saves as it is flipped, and flips back when the server refuses. */
function NotificationSwitches({ initial }: { initial: NotificationChoices }) {
  const [state, setState] = useState(initial);
  const update = useUpdateNotificationChoices();
  const { t, i18n } = useLingui();
  const flip = (key: NotificationSwitch, on: boolean) => {
    setState((s) => ({ ...s, [key]: on }));
    update.mutate(
      { [key]: on },
      {
        onSuccess: () => toast({ title: t`Settings saved`, variant: 'success' }),
        onError: (err) => {
          setState((s) => ({ ...s, [key]: !on }));
          toast({
            title: t`Settings not saved`,
            description: errorMessage(err, t`Something went wrong`),
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <SectionCard
      title={t`Email Notifications`}
      description={t`Choose what we email you about: these are your own, each switch saved as you change it. Every email has a link that turns its switch off.`}
      contentClassName="divide-y divide-border"
    >
      {NOTIFICATIONS.map((n) => (
        <SettingSwitch
          key={n.key}
          label={i18n._(n.label)}
          description={i18n._(n.description)}
          checked={state[n.key]}
          onCheckedChange={(on) => flip(n.key, on)}
        />
      ))}
    </SectionCard>
  );
}
