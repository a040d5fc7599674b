import { Trans } from '@lingui/react/macro';
import { ActivityLog } from '#client/features/organization/index.ts';

/** /activity: the organisation's activity log (admins; the user menu links it for them). */
export default function ActivityPage() {
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">
          <Trans>Activity Log</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Every change made in your organization, and by whom.</Trans>
        </p>
      </div>
      <ActivityLog />
    </main>
  );
}
