import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import {
  PASSWORD_RESET_INVALID,
  type PasswordResetFormInput,
  passwordResetFormSchema,
} from '#shared/schemas/account.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  passwordField,
  TextFields,
  type TextFieldSpec,
  WideSubmit,
} from '#client/components/ui/form-field.tsx';
import { toastError } from '#client/components/ui/use-toast.ts';
import { hasErrorCode } from '#client/lib/api-client.ts';
import { applyServerFieldErrors } from '#client/lib/server-field-errors.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useResetPassword } from '../api/account.ts';

const SignInLink = () => (
  <Button asChild className="w-full">
    <Link to="/auth">
      <Trans>Go to sign in</Trans>
    </Link>
  </Button>
);

/** The page a reset link opens: a new password twice, then on to sign in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword(token);
  const { t } = useLingui();
  const fields: TextFieldSpec<PasswordResetFormInput>[] = [
    passwordField('reset-new-password', 'newPassword', t`New Password`, 'new-password'),
    passwordField('reset-confirm-password', 'confirmPassword', t`Confirm New Password`, 'new-password'),
  ];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(passwordResetFormSchema, { newPassword: '', confirmPassword: '' });

  // A field error is about the password; PASSWORD_RESET_INVALID means the link itself is spent.
  const invalidLink = hasErrorCode(reset.error, 'PASSWORD_RESET_INVALID');

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await reset.mutateAsync({ newPassword });
    } catch (err) {
      if (hasErrorCode(err, 'PASSWORD_RESET_INVALID')) return;
      if (applyServerFieldErrors(err, setError, ['newPassword'])) return;
      toastError(t`Reset failed`, err, t`Please try again later.`);
    }
  });

  if (reset.isSuccess) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm">
          <Trans>Your password has been changed. Sign in with your new password.</Trans>
        </p>
        <SignInLink />
      </div>
    );
  }
  if (invalidLink) {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sm font-medium text-destructive">
          {PASSWORD_RESET_INVALID}
        </p>
        <p className="text-sm text-muted-foreground">
          <Trans>Ask for a new link with "Forgot password?" on the sign-in page.</Trans>
        </p>
        <SignInLink />
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Choose a new password`}>
      <TextFields fields={fields} register={register} errors={errors} />
      <WideSubmit pending={reset.isPending} pendingLabel={t`Saving...`}>
        <Trans>Set new password</Trans>
      </WideSubmit>
    </form>
  );
}
