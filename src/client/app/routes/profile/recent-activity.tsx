import { formatDistanceToNow } from 'date-fns';
import { SectionCard } from '#client/components/ui/card.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { activityLabel, useActivity } from '#client/features/auth/index.ts';

/** The caller's own audit entries (sign-ins, password and campaign changes...), newest first. */
export function RecentActivity() {
  const activity = useActivity();

  return (
    <SectionCard
      title="Recent Activity"
      titleId="recent-activity-title"
      description="What you have been doing lately."
    >
      <QueryView
        query={activity}
        loading="Loading activity"
        failed="Your activity could not be loaded."
        empty="No activity yet."
      >
        {(data) => (
          <ul aria-labelledby="recent-activity-title" className="space-y-3">
            {data.map((item) => (
              <li key={item.id} className="border-l-2 border-primary/40 pl-3">
                <p className="break-words text-sm font-medium">{activityLabel(item)}</p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={item.at} title={new Date(item.at).toLocaleString()}>
                    {formatDistanceToNow(new Date(item.at), { addSuffix: true })}
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
