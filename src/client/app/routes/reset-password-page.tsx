import { Megaphone } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { ResetPasswordForm } from '#client/features/auth/index.ts';

/** /reset-password/:token, opened from the mailed link; no session needed. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  useEffect(() => {
    document.title = 'Reset password | Rally';
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4 py-10">
      <div className="w-full max-w-md space-y-4">
        <div className="flex items-center justify-center gap-2 text-primary">
          <Megaphone className="size-7" aria-hidden="true" />
          <span className="text-2xl font-bold">Rally</span>
        </div>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold leading-none tracking-tight">Choose a new password</h1>
            <CardDescription>At least 6 characters. You will then sign in with it.</CardDescription>
          </CardHeader>
          <CardContent>
            <ResetPasswordForm token={token} />
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
