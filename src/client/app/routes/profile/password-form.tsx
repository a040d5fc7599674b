import { useLingui } from '@lingui/react/macro';
import { type ChangePasswordFormInput, changePasswordFormSchema } from '#shared/schemas/account.ts';
import { passwordField, TextFields, type TextFieldSpec } from '#client/components/ui/form-field.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { useChangePassword } from '#client/features/auth/index.ts';
import { applyServerFieldErrors } from '#client/lib/server-field-errors.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { FormCard } from './form-card.tsx';

/** Changing the password ends every other session; this one stays signed in. */
export function PasswordForm() {
  const change = useChangePassword();
  const { t } = useLingui();
  const fields: TextFieldSpec<ChangePasswordFormInput>[] = [
    passwordField('current-password', 'currentPassword', t`Current Password`, 'current-password'),
    passwordField('new-password', 'newPassword', t`New Password`, 'new-password'),
    passwordField('confirm-new-password', 'confirmPassword', t`Confirm New Password`, 'new-password'),
  ];
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useSchemaForm(changePasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    try {
      await change.mutateAsync(values);
      reset();
      toast({
        title: t`Password Updated`,
        description: t`Your other sessions have been signed out.`,
        variant: 'success',
      });
    } catch (err) {
      if (!applyServerFieldErrors(err, setError, ['currentPassword', 'newPassword'])) {
        toastError(t`Password Not Changed`, err, t`Failed to change the password`);
      }
    }
  });

  return (
    <FormCard
      title={t`Password`}
      description={t`Change the password you sign in with. Your other sessions will be signed out.`}
      onSubmit={onSubmit}
      submit={{ label: t`Update Password`, pendingLabel: t`Updating...`, pending: change.isPending }}
    >
      <TextFields fields={fields} register={register} errors={errors} />
    </FormCard>
  );
}
