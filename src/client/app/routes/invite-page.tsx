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

  return (
    <SignedOutPage>
      <Card>
        {preview.isPending ? (
          <CardContent className="flex justify-center py-10">
            <Spinner label="Loading invitation" />
          </CardContent>
        ) : preview.isError ? (
          <>
            <CardHeader>
              <h1 className="text-xl font-semibold">{invitationProblem(preview.error)}</h1>
              <CardDescription>Ask the person who invited you for a new link.</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline">
                <Link to="/">Go to Rally</Link>
              </Button>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <h1 className="text-xl font-semibold" dir="auto">
                Join {preview.data.organization.name}
              </h1>
              <CardDescription>
                You are invited as <strong className="text-slate-900">{roleLabel(preview.data.role)}</strong>{' '}
                (sent to {preview.data.email}).
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
  const join = () =>
    accept.mutate(undefined, {
      onSuccess: () => {
        toast({ title: `Welcome to ${orgName}!` });
        navigate('/', { replace: true });
      },
    });

  if (isPending) return <Spinner />;
  if (!user) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">Create an account or log in to accept.</p>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="register">Register</TabsTrigger>
            <TabsTrigger value="login">Login</TabsTrigger>
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
          You are signed in as <strong>{user.username}</strong>, who already belongs to an organization. An
          account can belong to one organization only: leave it first (Settings, Permissions) or sign in with
          another account.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/">Go to your dashboard</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/logout">Sign out</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <p className="text-sm">
        Signed in as <strong>{user.username}</strong>.
      </p>
      {accept.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {hasErrorCode(accept.error, 'INVITATION_NOT_FOUND', 'INVITATION_EXPIRED')
            ? invitationProblem(accept.error)
            : errorMessage(accept.error, 'The invitation could not be accepted. Please try again.')}
        </p>
      )}
      <Button className="w-full" disabled={accept.isPending} onClick={join}>
        {accept.isPending ? 'Joining...' : 'Accept Invitation'}
      </Button>
    </div>
  );
}
