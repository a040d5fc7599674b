import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { useUser } from '../features/auth/api/get-user.ts';

/** Checks GET /api/user; spinner while checking, /auth when there is no user (SPEC.md section 2). */
export function ProtectedRoute() {
  const { data: user, isPending, isError } = useUser();
  if (isPending) {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-3">
        <Spinner />
        <p className="text-muted-foreground">Verifying authentication...</p>
      </div>
    );
  }
  if (isError || !user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
