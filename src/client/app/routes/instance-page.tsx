import { Trans } from '@lingui/react/macro';
import { Navigate } from 'react-router';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { useUser } from '#client/features/auth/index.ts';
import {
  HealthCard,
  HeldMailCard,
  InstanceAuditCard,
  OrganizationsTable,
  RegistrationCard,
  SuspendDialog,
} from '#client/features/instance/index.ts';
import NotFoundPage from './not-found-page.tsx';

/**
 * /instance: the operators' console, apart from any organisation (the user menu links
 * it for operators). Anyone else gets the not-found page; the server refuses them anyway.
 */
export default function InstancePage() {
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  if (!user.isOperator) return <NotFoundPage />;
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">
          <Trans>Instance</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>
            This Rally instance as a whole: who may sign up, every organization, held mail and the server's
            health.
          </Trans>
        </p>
      </div>
      <RegistrationCard />
      <OrganizationsTable action={(org) => <SuspendDialog organization={org} />} />
      <HeldMailCard />
      <HealthCard />
      <InstanceAuditCard />
    </main>
  );
}
