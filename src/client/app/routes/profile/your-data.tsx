import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { InputField } from '#client/components/ui/form-field.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { ACCOUNT_DATA_URL, useDeleteAccount } from '#client/features/auth/index.ts';
import { errorMessage } from '#client/lib/api-client.ts';

/** The member's own data: all of it as a file, and the account's deletion (with the password). */
export function YourData() {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync({ password });
    } catch (err) {
      setError(errorMessage(err, 'Your account could not be deleted'));
      throw err;
    }
    toast({ title: 'Account deleted', description: 'Your account and your personal details are gone.' });
    navigate('/auth', { replace: true });
  };

  return (
    <SectionCard
      title="Your data"
      titleId="your-data-title"
      description="Download what Rally holds about your account, or delete the account."
    >
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <a href={ACCOUNT_DATA_URL} download="rally-account-data.json">
            <Download aria-hidden /> Download my data
          </a>
        </Button>
        <ConfirmDialog
          trigger={
            <Button
              variant="destructive"
              onClick={() => {
                setPassword('');
                setError(null);
              }}
            >
              <Trash2 aria-hidden /> Delete account
            </Button>
          }
          title="Delete your account?"
          description={
            <>
              <p>
                You leave your organization and are signed out everywhere; your name, email, phone and
                sessions are removed. This cannot be undone. Your organization's activity log keeps what you
                did there.
              </p>
              <div className="pt-2 text-foreground">
                <InputField
                  id="delete-account-password"
                  label="Your password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={error ?? undefined}
                />
              </div>
            </>
          }
          confirmLabel="Delete account"
          pendingLabel="Deleting…"
          onConfirm={confirm}
        />
      </div>
    </SectionCard>
  );
}
