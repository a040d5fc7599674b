import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { SignedOutPage } from '#client/components/signed-out-page.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage, hasErrorCode } from '#client/lib/api-client.ts';
import { LoginForm, RegisterForm, roleLabel, useUser } from '#client/features/auth/index.ts';
import {
  invitationProblem,
  useAcceptInvitation,
  useInvitationPreview,
} from '#client/features/organization/index.ts';

/**
 * /invite/:token: the organisation and role an invitation offers. A signed-out
 * visitor registers right here (and so joins) or signs in and accepts, then lands
 * on that organisation's dashboard.
 */
export default function InvitePage() {
  const token = useParams().token ?? '';
  const preview = useInvitationPreview(token);
  const { t } = useLingui();

  return (
    <SignedOutPage>
      <Card>
        {preview.isPending ? (
          <CardContent className="flex justify-center py-10">
            <Spinner label={t`Loading invitation`} />
          </CardContent>
        ) : preview.isError ? (
          <>
            <CardHeader>
              <h1 className="text-xl font-semibold">{invitationProblem(preview.error)}</h1>
              <CardDescription>
                <Trans>Ask the person who invited you for a new link.</Trans>
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline">
                <Link to="/">
                  <Trans>Go to Rally</Trans>
                </Link>
              </Button>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <h1 className="text-xl font-semibold" dir="auto">
                <InvitationTitle name={preview.data.organization.name} />
              </h1>
              <CardDescription>
                <InvitationRole role={roleLabel(preview.data.role)} email={preview.data.email} />
              </CardDescription>
            </CardHeader>
            <CardContent>
              <AcceptStep token={token} orgName={preview.data.organization.name} email={preview.data.email} />
            </CardContent>
          </>
        )}
      </Card>
    </SignedOutPage>
  );
}

/**
 * Signed out: register (the invited address prefilled), which accepts at once, or log in
 * and accept. Signed in: accept, unless the account already belongs to an organisation.
 */
function AcceptStep({ token, orgName, email }: { token: string; orgName: string; email: string }) {
  const { data: user, isPending } = useUser();
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const [tab, setTab] = useState('register');
  const { t } = useLingui();
  const join = () =>
    accept.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t`Welcome to ${orgName}!` });
        navigate('/', { replace: true });
      },
    });

  if (isPending) return <Spinner />;
  if (!user) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">
          <Trans>Create an account or log in to accept.</Trans>
        </p>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="register">
              <Trans>Register</Trans>
            </TabsTrigger>
            <TabsTrigger value="login">
              <Trans>Login</Trans>
            </TabsTrigger>
          </TabsList>
          {/* A new account is made for this invitation: it joins at once. Logging in stays on
              this page: the user query now holds the account, and Accept appears. */}
          <TabsContent value="register" className="pt-4">
            <RegisterForm email={email} invitation={token} onDone={join} />
          </TabsContent>
          <TabsContent value="login" className="pt-4">
            <LoginForm onDone={() => undefined} />
          </TabsContent>
        </Tabs>
      </div>
    );
  }

  const alreadyMember = user.organizationId !== null || hasErrorCode(accept.error, 'ALREADY_IN_ORGANIZATION');
  if (alreadyMember) {
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm">
          <AlreadyMember username={user.username} />
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/">
              <Trans>Go to your dashboard</Trans>
            </Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/logout">
              <Trans>Sign out</Trans>
            </Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <p className="text-sm">
        <SignedInAs username={user.username} />
      </p>
      {accept.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {hasErrorCode(accept.error, 'INVITATION_NOT_FOUND', 'INVITATION_EXPIRED')
            ? invitationProblem(accept.error)
            : errorMessage(accept.error, t`The invitation could not be accepted. Please try again.`)}
        </p>
      )}
      <Button className="w-full" disabled={accept.isPending} onClick={join}>
        {accept.isPending ? t`Joining...` : t`Accept Invitation`}
      </Button>
    </div>
  );
}

// The invitation's sentences, each with its names as placeholders (names stay as written).
function InvitationTitle({ name }: { name: string }) {
  return <Trans>Join {name}</Trans>;
}

function InvitationRole({ role, email }: { role: string; email: string }) {
  return (
    <Trans>
      You are invited as <strong className="text-slate-900">{role}</strong> (sent to <bdi>{email}</bdi>).
    </Trans>
  );
}

function AlreadyMember({ username }: { username: string }) {
  return (
    <Trans>
      You are signed in as{' '}
      <strong>
        <bdi>{username}</bdi>
      </strong>
      , who already belongs to an organization. An account can belong to one organization only: leave it first
      (Settings, Permissions) or sign in with another account.
    </Trans>
  );
}

function SignedInAs({ username }: { username: string }) {
  return (
    <Trans>
      Signed in as{' '}
      <strong>
        <bdi>{username}</bdi>
      </strong>
      .
    </Trans>
  );
}
