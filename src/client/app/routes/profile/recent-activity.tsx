import { formatDistanceToNow } from 'date-fns';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { activityLabel, useActivity } from '#client/features/auth/index.ts';

/** The caller's own audit entries (sign-ins, password and campaign changes...), newest first. */
export function RecentActivity() {
  const activity = useActivity();
  const { data, isPending, isError } = activity;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span id="recent-activity-title">Recent Activity</span>
        </CardTitle>
        <CardDescription>What you have been doing lately.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner label="Loading activity" />
        ) : isError ? (
          <LoadError
            title="Your activity could not be loaded."
            error={activity.error}
            onRetry={() => void activity.refetch()}
            retrying={activity.isFetching}
          />
        ) : data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No activity yet.</p>
        ) : (
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
      </CardContent>
    </Card>
  );
}
