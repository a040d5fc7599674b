import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { SignedOutPage } from '#client/components/signed-out-page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { useEmailChangeLink } from '#client/features/auth/index.ts';
import { errorMessage } from '#client/lib/api-client.ts';

const STEPS = {
  confirm: {
    title: msg`Confirm your new email address`,
    description: msg`Your account will use this address from now on, also for password resets.`,
    action: msg`Confirm new email`,
    pending: msg`Confirming...`,
    // The server's own words (its `message`), for the reader's language.
    done: (email: string) => msg`Your email address is now ${email}.`,
  },
  undo: {
    title: msg`Undo the email change`,
    description: msg`Your old address comes back, and every session of the account is signed out. Then choose a new password with "Forgot password?".`,
    action: msg`Restore my old email`,
    pending: msg`Restoring...`,
    done: (email: string) =>
      msg`Your email address is ${email} again, every session has been signed out and the API keys you made are revoked.`,
  },
} as const;

/**
 * /confirm-email/:token (mailed to a new address) and /undo-email-change/:token
 * (mailed to the old one once the change is made). A button, not the page load,
 * does the step: mail scanners that open links must not confirm or undo anything.
 */
export default function EmailChangePage() {
  const { token = '' } = useParams();
  const step = useLocation().pathname.startsWith('/undo-email-change/') ? 'undo' : 'confirm';
  const { i18n, t } = useLingui();
  const text = {
    title: i18n._(STEPS[step].title),
    description: i18n._(STEPS[step].description),
    action: i18n._(STEPS[step].action),
    pending: i18n._(STEPS[step].pending),
  };
  const link = useEmailChangeLink(token, step);
  useEffect(() => {
    document.title = `${text.title} | Rally`;
  }, [text.title]);

  return (
    <SignedOutPage>
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold leading-none tracking-tight">{text.title}</h1>
          <CardDescription>{text.description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {link.isSuccess ? (
            <p role="status" className="text-sm">
              {link.data.email ? i18n._(STEPS[step].done(link.data.email)) : link.data.message}
            </p>
          ) : link.isError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorMessage(link.error, t`Something went wrong. Please try again.`)}
            </p>
          ) : (
            <Button className="w-full" disabled={link.isPending} onClick={() => link.mutate()}>
              {link.isPending ? text.pending : text.action}
            </Button>
          )}
          {(link.isSuccess || link.isError) && (
            <Button asChild variant="outline" className="w-full">
              <Link to="/">
                <Trans>Go to Rally</Trans>
              </Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </SignedOutPage>
  );
}
