import { Trans } from '@lingui/react/macro';
import { useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { SignedOutPage } from '#client/components/signed-out-page.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useDevTools, useServerInfo } from '#client/lib/server-info.ts';
import { SIGNUP_INVITATION_PARAM } from '#shared/schemas/instance-settings.ts';
import {
  useUser,
  DebugSession,
  ForgotPassword,
  LoginForm,
  RegisterForm,
  RegistrationNotice,
} from '#client/features/auth/index.ts';

export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const { data: user, isPending } = useUser();
  const devTools = useDevTools();
  const registration = useServerInfo().data?.registration;
  // An operator's sign-up link: /auth?tab=register&invite=<token>.
  const invitation = params.get(SIGNUP_INVITATION_PARAM) ?? undefined;
  const canRegister = registration === undefined || registration === 'open' || invitation !== undefined;
  const expired = params.get('expired') === 'true';
  const tab = params.get('tab') === 'register' ? 'register' : 'login';

  // Only a user already signed in on arrival is sent on; after a login or a
  // registration the form itself decides where to go (/ or /onboarding).
  const arrival = useRef<'unknown' | 'signed-in' | 'signed-out'>('unknown');
  if (arrival.current === 'unknown' && !isPending) arrival.current = user ? 'signed-in' : 'signed-out';
  if (arrival.current === 'signed-in') return <Navigate to="/" replace />;

  return (
    <SignedOutPage>
      {expired && (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <Trans>Your session has expired. Please log in again.</Trans>
        </div>
      )}
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold leading-none tracking-tight">
            <Trans>Welcome</Trans>
          </h1>
          <CardDescription>
            <Trans>Log in to manage your campaigns, or create an account.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {isPending ? (
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : (
            <Tabs
              value={tab}
              onValueChange={(value) => {
                const next = new URLSearchParams(params);
                if (value === 'register') next.set('tab', 'register');
                else next.delete('tab');
                setParams(next, { replace: true });
              }}
            >
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login">
                  <Trans>Login</Trans>
                </TabsTrigger>
                <TabsTrigger value="register">
                  <Trans>Register</Trans>
                </TabsTrigger>
              </TabsList>
              <TabsContent value="login" className="space-y-3 pt-4">
                <LoginForm />
                <ForgotPassword />
              </TabsContent>
              <TabsContent value="register" className="space-y-3 pt-4">
                <RegistrationNotice registration={registration} invited={invitation !== undefined} />
                {canRegister && <RegisterForm invitation={invitation} />}
              </TabsContent>
            </Tabs>
          )}
          {devTools && <DebugSession />}
        </CardContent>
      </Card>
    </SignedOutPage>
  );
}
