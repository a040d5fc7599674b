import { Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
import { summarizeUserAgent, useEndSession, useSessions } from '#client/features/auth/index.ts';

/** Every signed-in browser of this account; any but this one can be signed out here. */
export function ActiveSessions() {
  const sessions = useSessions();
  const end = useEndSession();
  const { i18n, t } = useLingui();
  const when = (iso: string | null) =>
    iso ? i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' }) : t`Never`;

  const signOut = (id: number, device: string) =>
    end.mutate(
      id,
      toastOutcome(
        {
          title: t`Session Signed Out`,
          description: t`${device} is no longer signed in.`,
          variant: 'success',
        },
        t`Sign Out Failed`,
        { fallback: t`Failed to end the session` },
      ),
    );

  return (
    <SectionCard
      title={t`Active Sessions`}
      titleId="sessions-title"
      description={t`The browsers and devices signed in to your account.`}
    >
      <QueryView
        query={sessions}
        loading={t`Loading sessions`}
        failed={t`Your sessions could not be loaded.`}
      >
        {(data) => (
          <ul aria-labelledby="sessions-title" className="divide-y divide-border">
            {data.map((s) => {
              const device = summarizeUserAgent(s.userAgent);
              const signedIn = when(s.createdAt);
              const lastSeen = when(s.lastSeenAt);
              return (
                <li
                  key={s.id}
                  data-testid="session-row"
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                >
                  <div className="min-w-0 space-y-0.5">
                    <p className="flex items-center gap-2 text-sm font-medium">
                      <span title={s.userAgent ?? undefined}>{device}</span>
                      {s.current && (
                        <Badge variant="secondary">
                          <Trans>This device</Trans>
                        </Badge>
                      )}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      <Trans>
                        Signed in {signedIn} · Last seen {lastSeen}
                      </Trans>
                    </p>
                  </div>
                  {!s.current && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={end.isPending && end.variables === s.id}
                      aria-label={t`Sign out ${device}, signed in ${signedIn}`}
                      onClick={() => signOut(s.id, device)}
                    >
                      <Trans>Sign out</Trans>
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
