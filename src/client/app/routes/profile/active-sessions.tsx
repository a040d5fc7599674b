import { format } from 'date-fns';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
import { summarizeUserAgent, useEndSession, useSessions } from '#client/features/auth/index.ts';

const when = (iso: string | null) => (iso ? format(new Date(iso), 'PPp') : 'Never');

/** Every signed-in browser of this account; any but this one can be signed out here. */
export function ActiveSessions() {
  const sessions = useSessions();
  const end = useEndSession();

  const signOut = (id: number, device: string) =>
    end.mutate(
      id,
      toastOutcome(
        { title: 'Session Signed Out', description: `${device} is no longer signed in.`, variant: 'success' },
        'Sign Out Failed',
        { fallback: 'Failed to end the session' },
      ),
    );

  return (
    <SectionCard
      title="Active Sessions"
      titleId="sessions-title"
      description="The browsers and devices signed in to your account."
    >
      <QueryView query={sessions} loading="Loading sessions" failed="Your sessions could not be loaded.">
        {(data) => (
          <ul aria-labelledby="sessions-title" className="divide-y divide-border">
            {data.map((s) => {
              const device = summarizeUserAgent(s.userAgent);
              return (
                <li
                  key={s.id}
                  data-testid="session-row"
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                >
                  <div className="min-w-0 space-y-0.5">
                    <p className="flex items-center gap-2 text-sm font-medium">
                      <span title={s.userAgent ?? undefined}>{device}</span>
                      {s.current && <Badge variant="secondary">This device</Badge>}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      Signed in {when(s.createdAt)} · Last seen {when(s.lastSeenAt)}
                    </p>
                  </div>
                  {!s.current && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={end.isPending && end.variables === s.id}
                      aria-label={`Sign out ${device}, signed in ${when(s.createdAt)}`}
                      onClick={() => signOut(s.id, device)}
                    >
                      Sign out
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </SectionCard>
  );
}
