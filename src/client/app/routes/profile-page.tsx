import { Trans } from '@lingui/react/macro';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { useUser } from '#client/features/auth/index.ts';
import { ActiveSessions } from './profile/active-sessions.tsx';
import { PasswordForm } from './profile/password-form.tsx';
import { PersonalInfoForm } from './profile/personal-info-form.tsx';
import { ProfileSummary } from './profile/profile-summary.tsx';
import { RecentActivity } from './profile/recent-activity.tsx';
import { YourData } from './profile/your-data.tsx';

export default function ProfilePage() {
  const { data: user, isPending } = useUser();

  if (isPending) {
    return <PageSpinner />;
  }

  if (!user) {
    return (
      <main className="flex min-h-[60vh] items-center justify-center px-4">
        <Card className="w-full max-w-md">
          <CardContent className="flex flex-col items-center gap-3 pt-6 text-center">
            <Lock className="size-10 text-muted-foreground" aria-hidden="true" />
            <h1 className="text-xl font-semibold">
              <Trans>Authentication Required</Trans>
            </h1>
            <p className="text-muted-foreground">
              <Trans>Please log in to view your profile.</Trans>
            </p>
            <Button asChild>
              <Link to="/auth">
                <Trans>Go to Login</Trans>
              </Link>
            </Button>
          </CardContent>
        </Card>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">
          <Trans>Profile</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Manage your personal information and account.</Trans>
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6">
          <ProfileSummary user={user} />
          <RecentActivity />
        </div>
        <div className="space-y-6 lg:col-span-2">
          <PersonalInfoForm user={user} />
          <PasswordForm />
          <ActiveSessions />
          <YourData />
        </div>
      </div>
    </main>
  );
}
