import { type RegisterFormInput, registerFormSchema } from '#shared/schemas/auth.ts';
import { passwordField, type TextFieldSpec } from '#client/components/ui/form-field.tsx';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { SignInForm } from './sign-in-form.tsx';
import { usernameField } from './username-field.ts';
import { useRegister } from '../api/register.ts';

const FIELDS: TextFieldSpec<RegisterFormInput>[] = [
  usernameField('register-username', 'username'),
  { id: 'register-email', name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  passwordField('register-password', 'password', 'Password', 'new-password'),
  passwordField('register-confirm-password', 'confirmPassword', 'Confirm Password', 'new-password'),
];

/**
 * `onDone` replaces the usual move to onboarding (a page that registers on the spot, like
 * an invitation, whose address `email` prefills the form).
 */
export function RegisterForm({ onDone, email = '' }: { onDone?: () => void; email?: string } = {}) {
  const register = useRegister();
  const form = useSchemaForm(registerFormSchema, {
    username: '',
    email,
    password: '',
    confirmPassword: '',
  });
  // confirmPassword only guards the form; it is never sent.
  const send = ({ confirmPassword: _confirm, ...values }: RegisterFormInput) => register.mutateAsync(values);
  return <SignInForm kind="register" form={form} fields={FIELDS} send={send} onDone={onDone} />;
}
