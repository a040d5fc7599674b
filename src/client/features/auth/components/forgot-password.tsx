import { useState } from 'react';
import { type PasswordResetRequest, passwordResetRequestSchema } from '#shared/schemas/account.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextFields, type TextFieldSpec, WideSubmit } from '#client/components/ui/form-field.tsx';
import { toastError } from '#client/components/ui/use-toast.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useRequestPasswordReset } from '../api/account.ts';

/** Shown whatever the email: the answer must not tell whether an account uses it. */
export const RESET_REQUESTED = "If an account uses that email, we've sent a reset link.";

const FIELDS: TextFieldSpec<PasswordResetRequest>[] = [
  { id: 'reset-email', name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
];

/** "Forgot password?" under the login form: asks for the email the reset link goes to. */
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();
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
      toastError('Request failed', err, 'Please try again later.');
    }
  });

  if (!open) {
    return (
      <Button variant="link" type="button" className="h-auto px-0" onClick={() => setOpen(true)}>
        Forgot password?
      </Button>
    );
  }
  if (sent) {
    return (
      <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
        {RESET_REQUESTED}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Reset password">
      <p className="text-sm text-muted-foreground">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <TextFields fields={FIELDS} register={register} errors={errors} />
      <WideSubmit pending={request.isPending} pendingLabel="Sending...">
        Send reset link
      </WideSubmit>
    </form>
  );
}
