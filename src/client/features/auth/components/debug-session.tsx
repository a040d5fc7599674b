import { Trans, useLingui } from '@lingui/react/macro';
import { BugIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { getToken } from '#client/lib/token-storage.ts';
import { type AuthStatus, getAuthStatus } from '../api/get-auth-status.ts';

interface SessionReport extends AuthStatus {
  tokenStored: boolean;
  checkedAt: string;
}

/** Shows what the server thinks of this browser's session, and whether a token is stored. */
export function DebugSession() {
  const [report, setReport] = useState<SessionReport | null>(null);
  const [checking, setChecking] = useState(false);
  const { i18n, t } = useLingui();

  async function check() {
    setChecking(true);
    try {
      const status = await getAuthStatus();
      const next = {
        ...status,
        tokenStored: Boolean(getToken()),
        checkedAt: i18n.date(new Date(), { timeStyle: 'medium' }),
      };
      setReport(next);
      const username = status.username;
      toast({
        title: t`Session status`,
        description: status.authenticated
          ? next.tokenStored
            ? t`Authenticated as ${username}. Token stored: yes.`
            : t`Authenticated as ${username}. Token stored: no.`
          : next.tokenStored
            ? t`Not authenticated. Token stored: yes.`
            : t`Not authenticated. Token stored: no.`,
      });
    } catch {
      setReport(null);
      toast({ title: t`Could not check authentication status`, variant: 'destructive' });
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="space-y-3">
      <Button variant="outline" size="sm" onClick={check} disabled={checking} className="w-full">
        <BugIcon aria-hidden="true" />
        <Trans>Debug Session</Trans>
      </Button>
      {report && (
        <section
          aria-label={t`Session details`}
          className="rounded-md border border-border bg-muted p-3 text-sm"
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-medium">
              <Trans>Authenticated</Trans>
            </dt>
            <dd>{report.authenticated ? t`Yes` : t`No`}</dd>
            <dt className="font-medium">
              <Trans>Username</Trans>
            </dt>
            <dd dir="auto">{report.username ?? t`None`}</dd>
            <dt className="font-medium">
              <Trans>Token stored</Trans>
            </dt>
            <dd>{report.tokenStored ? t`Yes` : t`No`}</dd>
            <dt className="font-medium">
              <Trans>Checked at</Trans>
            </dt>
            <dd>{report.checkedAt}</dd>
          </dl>
        </section>
      )}
    </div>
  );
}
