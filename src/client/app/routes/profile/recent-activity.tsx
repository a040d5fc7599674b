import { useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { SectionCard } from '#client/components/ui/card.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { activityLabel, useActivity } from '#client/features/auth/index.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** How long ago, in the reader's language ('5 minutes ago', 'yesterday'). */
function ago(i18n: I18n, iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? UNITS[UNITS.length - 1];
  return new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'auto' }).format(
    Math.round(seconds / size),
    unit,
  );
}

/** The caller's own audit entries (sign-ins, password and campaign changes...), newest first. */
export function RecentActivity() {
  const activity = useActivity();
  const { i18n, t } = useLingui();

  return (
    <SectionCard
      title={t`Recent Activity`}
      titleId="recent-activity-title"
      description={t`What you have been doing lately.`}
    >
      <QueryView
        query={activity}
        loading={t`Loading activity`}
        failed={t`Your activity could not be loaded.`}
        empty={t`No activity yet.`}
      >
        {(data) => (
          <ul aria-labelledby="recent-activity-title" className="space-y-3">
            {data.map((item) => (
              <li key={item.id} className="border-s-2 border-primary/40 ps-3">
                <p className="break-words text-sm font-medium" dir="auto">
                  {activityLabel(item)}
                </p>
                <p className="text-xs text-muted-foreground">
                  <time
                    dateTime={item.at}
                    title={i18n.date(item.at, { dateStyle: 'medium', timeStyle: 'medium' })}
                  >
                    {ago(i18n, item.at)}
                  </time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </SectionCard>
  );
}
