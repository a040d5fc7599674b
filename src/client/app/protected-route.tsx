import { Trans } from '@lingui/react/macro';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useUser } from '#client/features/auth/index.ts';
import { hasErrorCode } from '#client/lib/api-client.ts';

/**
 * Checks GET /api/user; spinner while checking, /auth when there is no user.
 * An expired session goes to /auth?expired=true, the URL the
 * API client also sends the browser to. A signed-in user with no organisation yet
 * has nothing to manage: they finish onboarding first.
 */
export function ProtectedRoute() {
  const { data: user, isPending, isError, error } = useUser();
  if (isPending) {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-3">
        <Spinner />
        <p className="text-muted-foreground">
          <Trans>Verifying authentication...</Trans>
        </p>
      </div>
    );
  }
  if (hasErrorCode(error, 'TOKEN_EXPIRED')) return <Navigate to="/auth?expired=true" replace />;
  if (isError || !user) return <Navigate to="/auth" replace />;
  if (!user.organizationId) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}
