import { type LoginInput, loginSchema } from '#shared/schemas/auth.ts';
import {
  passwordField,
  TextFields,
  type TextFieldSpec,
  WideSubmit,
} from '#client/components/ui/form-field.tsx';
import { toast, toastOnFailure } from '#client/components/ui/use-toast.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { usernameField } from './username-field.ts';
import { useAfterSignIn } from '../hooks/use-after-sign-in.ts';
import { useLogin } from '../api/login.ts';

const FIELDS: TextFieldSpec<LoginInput>[] = [
  usernameField('login-username', 'username'),
  passwordField('login-password', 'password', 'Password', 'current-password'),
];

/** `onDone` replaces the usual move to the dashboard (a page that signs in on the spot, like an invitation). */
export function LoginForm({ onDone }: { onDone?: () => void } = {}) {
  const signedIn = useAfterSignIn(onDone, '/');
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(loginSchema, { username: '', password: '' });

  // mutateAsync: its promise settles even if this form unmounts once the user is set.
  const onSubmit = handleSubmit(
    toastOnFailure('Login failed', 'Login failed', async (values: LoginInput) => {
      const user = await loginMutation.mutateAsync(values);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
      signedIn();
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Login">
      <TextFields fields={FIELDS} register={register} errors={errors} />
      <WideSubmit pending={loginMutation.isPending} pendingLabel="Logging in...">
        Login
      </WideSubmit>
    </form>
  );
}
