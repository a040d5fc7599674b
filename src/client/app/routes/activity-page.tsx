import { ActivityLog } from '#client/features/organization/index.ts';

/** /activity: the organisation's activity log (admins; the user menu links it for them). */
export default function ActivityPage() {
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Activity Log</h1>
        <p className="text-muted-foreground">Every change made in your organization, and by whom.</p>
      </div>
      <ActivityLog />
    </main>
  );
}
