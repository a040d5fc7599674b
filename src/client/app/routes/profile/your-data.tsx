import { Trans, useLingui } from '@lingui/react/macro';
import { Download, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { ConfirmWithField } from '#client/components/ui/confirm-with-field.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { ACCOUNT_DATA_URL, useDeleteAccount } from '#client/features/auth/index.ts';

/** The member's own data: all of it as a file, and the account's deletion (with the password). */
export function YourData() {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const { t } = useLingui();

  const confirm = async (password: string) => {
    await remove.mutateAsync({ password });
    toast({ title: t`Account deleted`, description: t`Your account and your personal details are gone.` });
    navigate('/auth', { replace: true });
  };

  return (
    <SectionCard
      title={t`Your data`}
      titleId="your-data-title"
      description={t`Download what Rally holds about your account, or delete the account.`}
    >
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <a href={ACCOUNT_DATA_URL} download="rally-account-data.json">
            <Download aria-hidden /> <Trans>Download my data</Trans>
          </a>
        </Button>
        <ConfirmWithField
          trigger={
            <Button variant="destructive">
              <Trash2 aria-hidden /> <Trans>Delete account</Trans>
            </Button>
          }
          title={t`Delete your account?`}
          description={
            <p>
              <Trans>
                You leave your organization and are signed out everywhere; your name, email, phone and
                sessions are removed. This cannot be undone. Your organization's activity log keeps what you
                did there.
              </Trans>
            </p>
          }
          field={{
            id: 'delete-account-password',
            label: t`Your password`,
            type: 'password',
            autoComplete: 'current-password',
          }}
          confirmLabel={t`Delete account`}
          pendingLabel={t`Deleting…`}
          failed={t`Your account could not be deleted`}
          onConfirm={confirm}
        />
      </div>
    </SectionCard>
  );
}
