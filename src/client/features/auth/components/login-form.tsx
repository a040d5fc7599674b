import { useLingui } from '@lingui/react/macro';
import { type LoginInput, loginSchema } from '#shared/schemas/auth.ts';
import { passwordField, type TextFieldSpec } from '#client/components/ui/form-field.tsx';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { SignInForm } from './sign-in-form.tsx';
import { usernameField } from './username-field.ts';
import { useLogin } from '../api/login.ts';

/** `onDone` replaces the usual move to the dashboard (a page that signs in on the spot, like an invitation). */
export function LoginForm({ onDone }: { onDone?: () => void } = {}) {
  const login = useLogin();
  const { t } = useLingui();
  const fields: TextFieldSpec<LoginInput>[] = [
    usernameField('login-username', 'username', t`Username`),
    passwordField('login-password', 'password', t`Password`, 'current-password'),
  ];
  const form = useSchemaForm(loginSchema, { username: '', password: '' });
  return <SignInForm kind="login" form={form} fields={fields} send={login.mutateAsync} onDone={onDone} />;
}
