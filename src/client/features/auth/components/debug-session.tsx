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

  async function check() {
    setChecking(true);
    try {
      const status = await getAuthStatus();
      const next = {
        ...status,
        tokenStored: Boolean(getToken()),
        checkedAt: new Date().toLocaleTimeString(),
      };
      setReport(next);
      toast({
        title: 'Session status',
        description: status.authenticated
          ? `Authenticated as ${status.username}. Token stored: ${next.tokenStored ? 'yes' : 'no'}.`
          : `Not authenticated. Token stored: ${next.tokenStored ? 'yes' : 'no'}.`,
      });
    } catch {
      setReport(null);
      toast({ title: 'Could not check authentication status', variant: 'destructive' });
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="space-y-3">
      <Button variant="outline" size="sm" onClick={check} disabled={checking} className="w-full">
        <BugIcon aria-hidden="true" />
        Debug Session
      </Button>
      {report && (
        <section
          aria-label="Session details"
          className="rounded-md border border-border bg-muted p-3 text-sm"
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-medium">Authenticated</dt>
            <dd>{report.authenticated ? 'Yes' : 'No'}</dd>
            <dt className="font-medium">Username</dt>
            <dd>{report.username ?? 'None'}</dd>
            <dt className="font-medium">Token stored</dt>
            <dd>{report.tokenStored ? 'Yes' : 'No'}</dd>
            <dt className="font-medium">Checked at</dt>
            <dd>{report.checkedAt}</dd>
          </dl>
        </section>
      )}
    </div>
  );
}
