import { type ChangePasswordFormInput, changePasswordFormSchema } from '#shared/schemas/account.ts';
import { passwordField, TextFields, type TextFieldSpec } from '#client/components/ui/form-field.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import { useChangePassword } from '#client/features/auth/index.ts';
import { applyServerFieldErrors } from '#client/lib/server-field-errors.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { FormCard } from './form-card.tsx';

const FIELDS: TextFieldSpec<ChangePasswordFormInput>[] = [
  passwordField('current-password', 'currentPassword', 'Current Password', 'current-password'),
  passwordField('new-password', 'newPassword', 'New Password', 'new-password'),
  passwordField('confirm-new-password', 'confirmPassword', 'Confirm New Password', 'new-password'),
];

/** Changing the password ends every other session; this one stays signed in. */
export function PasswordForm() {
  const change = useChangePassword();
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
        title: 'Password Updated',
        description: 'Your other sessions have been signed out.',
        variant: 'success',
      });
    } catch (err) {
      if (!applyServerFieldErrors(err, setError, ['currentPassword', 'newPassword'])) {
        toastError('Password Not Changed', err, 'Failed to change the password');
      }
    }
  });

  return (
    <FormCard
      title="Password"
      description="Change the password you sign in with. Your other sessions will be signed out."
      onSubmit={onSubmit}
      submit={{ label: 'Update Password', pendingLabel: 'Updating...', pending: change.isPending }}
    >
      <TextFields fields={FIELDS} register={register} errors={errors} />
    </FormCard>
  );
}
