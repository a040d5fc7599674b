import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { SignedOutPage } from '#client/components/signed-out-page.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { ResetPasswordForm } from '#client/features/auth/index.ts';

/** /reset-password/:token, opened from the mailed link; no session needed. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { t } = useLingui();
  const title = t`Reset password`;
  useEffect(() => {
    document.title = `${title} | Rally`;
  }, [title]);

  return (
    <SignedOutPage>
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold leading-none tracking-tight">
            <Trans>Choose a new password</Trans>
          </h1>
          <CardDescription>
            <Trans>At least 6 characters. You will then sign in with it.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ResetPasswordForm token={token} />
        </CardContent>
      </Card>
    </SignedOutPage>
  );
}
