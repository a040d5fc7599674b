import { Trans } from '@lingui/react/macro';
import { Building2 } from 'lucide-react';
import { Navigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { useUser } from '#client/features/auth/index.ts';
import { OrganizationForm } from '#client/features/organization/index.ts';

export default function OnboardingPage() {
  const { data: user, isPending } = useUser();

  if (isPending) {
    return <PageSpinner screen />;
  }
  if (!user) return <Navigate to="/auth" replace />;
  // One organisation per account: a member has nothing to create here.
  if (user.organizationId) return <Navigate to="/" replace />;

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4 py-10">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <div className="flex items-center gap-2 text-primary">
            <Building2 className="size-6" aria-hidden="true" />
            <h1 className="text-xl font-semibold text-slate-900">
              <Trans>Create your organization</Trans>
            </h1>
          </div>
          <CardDescription>
            <OnboardingWelcome username={user.username} />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <OrganizationForm creatorId={user.id} />
        </CardContent>
      </Card>
    </main>
  );
}

function OnboardingWelcome({ username }: { username: string }) {
  return (
    <Trans>
      Welcome, <bdi>{username}</bdi>! Set up the organization your campaigns will belong to.
    </Trans>
  );
}
