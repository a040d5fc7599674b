import { formatDistanceToNow } from 'date-fns';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { activityLabel, useActivity } from '#client/features/auth/index.ts';

/** The caller's own audit entries (sign-ins, password and campaign changes...), newest first. */
export function RecentActivity() {
  const { data, isPending, isError } = useActivity();

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
          <p className="text-sm text-destructive">Your activity could not be loaded.</p>
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
