import { useLingui } from '@lingui/react/macro';
import { CheckCircle2, LogOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LOGOUT_REDIRECT_MS } from '#shared/constants.ts';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useLogout } from '#client/features/auth/index.ts';

/** Progress screen: ends the session (locally even if the server fails), then goes to /auth. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const { mutateAsync } = useLogout();
  const [done, setDone] = useState(false);
  const started = useRef(false);
  const { t } = useLingui();

  useEffect(() => {
    // Once per visit, also under StrictMode's double effect run.
    if (started.current) return;
    started.current = true;
    mutateAsync()
      .then(() => toast({ title: t`Logged out`, description: t`You have been successfully logged out.` }))
      .catch(() =>
        toast({
          title: t`Logout error`,
          description: t`You have been logged out, but there was an error on the server.`,
          variant: 'destructive',
        }),
      )
      .finally(() => setDone(true));
  }, [mutateAsync, t]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/auth', { replace: true }), LOGOUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <Card className="w-full max-w-sm">
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
          {done ? (
            <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
          ) : (
            <LogOut className="size-10 text-primary" aria-hidden="true" />
          )}
          <h1 className="text-xl font-semibold">{done ? t`You are signed out` : t`Signing you out...`}</h1>
          <div className="flex flex-col items-center gap-3">
            {!done && <Spinner label={t`Signing out`} />}
            <p aria-live="polite" className="text-sm text-muted-foreground">
              {done ? t`Redirecting to the sign-in page...` : t`Ending your session securely.`}
            </p>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
