import { useLingui } from '@lingui/react/macro';
import { type RegisterFormInput, registerFormSchema } from '#shared/schemas/auth.ts';
import { passwordField, type TextFieldSpec } from '#client/components/ui/form-field.tsx';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { SignInForm } from './sign-in-form.tsx';
import { usernameField } from './username-field.ts';
import { useRegister } from '../api/register.ts';

/**
 * `onDone` replaces the usual move to onboarding (a page that registers on the spot, like
 * an invitation, whose address `email` prefills the form). `invitation` is the token of
 * the organisation's invitation or the operator's sign-up link the visitor came with:
 * what lets them in when sign-up is invite-only or closed.
 */
export function RegisterForm({
  onDone,
  email = '',
  invitation,
}: {
  onDone?: () => void;
  email?: string;
  invitation?: string;
} = {}) {
  const register = useRegister();
  const { t } = useLingui();
  const fields: TextFieldSpec<RegisterFormInput>[] = [
    usernameField('register-username', 'username', t`Username`),
    { id: 'register-email', name: 'email', label: t`Email`, type: 'email', autoComplete: 'email' },
    passwordField('register-password', 'password', t`Password`, 'new-password'),
    passwordField('register-confirm-password', 'confirmPassword', t`Confirm Password`, 'new-password'),
  ];
  const form = useSchemaForm(registerFormSchema, {
    username: '',
    email,
    password: '',
    confirmPassword: '',
  });
  // confirmPassword only guards the form; it is never sent.
  const send = ({ confirmPassword: _confirm, ...values }: RegisterFormInput) =>
    register.mutateAsync({ ...values, ...(invitation && { invitation }) });
  return <SignInForm kind="register" form={form} fields={fields} send={send} onDone={onDone} />;
}
