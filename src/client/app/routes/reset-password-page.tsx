import { useEffect } from 'react';
import { useParams } from 'react-router';
import { SignedOutPage } from '#client/components/signed-out-page.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { ResetPasswordForm } from '#client/features/auth/index.ts';

/** /reset-password/:token, opened from the mailed link; no session needed. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  useEffect(() => {
    document.title = 'Reset password | Rally';
  }, []);

  return (
    <SignedOutPage>
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold leading-none tracking-tight">Choose a new password</h1>
          <CardDescription>At least 6 characters. You will then sign in with it.</CardDescription>
        </CardHeader>
        <CardContent>
          <ResetPasswordForm token={token} />
        </CardContent>
      </Card>
    </SignedOutPage>
  );
}
