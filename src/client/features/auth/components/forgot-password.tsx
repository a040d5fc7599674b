import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type PasswordResetRequest, passwordResetRequestSchema } from '#shared/schemas/account.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextFields, type TextFieldSpec, WideSubmit } from '#client/components/ui/form-field.tsx';
import { toastError } from '#client/components/ui/use-toast.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useRequestPasswordReset } from '../api/account.ts';

/** Shown whatever the email: the answer must not tell whether an account uses it. */
export const RESET_REQUESTED = msg`If an account uses that email, we've sent a reset link.`;

/** "Forgot password?" under the login form: asks for the email the reset link goes to. */
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();
  const { i18n, t } = useLingui();
  const fields: TextFieldSpec<PasswordResetRequest>[] = [
    { id: 'reset-email', name: 'email', label: t`Email`, type: 'email', autoComplete: 'email' },
  ];
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(passwordResetRequestSchema, { email: '' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
      setSent(true);
    } catch (err) {
      toastError(t`Request failed`, err, t`Please try again later.`);
    }
  });

  if (!open) {
    return (
      <Button variant="link" type="button" className="h-auto px-0" onClick={() => setOpen(true)}>
        <Trans>Forgot password?</Trans>
      </Button>
    );
  }
  if (sent) {
    return (
      <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
        {i18n._(RESET_REQUESTED)}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t`Reset password`}>
      <p className="text-sm text-muted-foreground">
        <Trans>Enter the email of your account and we will send you a link to choose a new password.</Trans>
      </p>
      <TextFields fields={fields} register={register} errors={errors} />
      <WideSubmit pending={request.isPending} pendingLabel={t`Sending...`}>
        <Trans>Send reset link</Trans>
      </WideSubmit>
    </form>
  );
}
