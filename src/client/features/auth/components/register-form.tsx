import { type RegisterFormInput, registerFormSchema } from '#shared/schemas/auth.ts';
import {
  passwordField,
  TextFields,
  type TextFieldSpec,
  WideSubmit,
} from '#client/components/ui/form-field.tsx';
import { toast, toastOnFailure } from '#client/components/ui/use-toast.ts';
import { applyServerFieldErrors } from '#client/lib/server-field-errors.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { usernameField } from './username-field.ts';
import { useAfterSignIn } from '../hooks/use-after-sign-in.ts';
import { useRegister } from '../api/register.ts';

const FIELDS: TextFieldSpec<RegisterFormInput>[] = [
  usernameField('register-username', 'username'),
  { id: 'register-email', name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  passwordField('register-password', 'password', 'Password', 'new-password'),
  passwordField('register-confirm-password', 'confirmPassword', 'Confirm Password', 'new-password'),
];

/** `onDone` replaces the usual move to onboarding (a page that registers on the spot, like an invitation). */
export function RegisterForm({ onDone }: { onDone?: () => void } = {}) {
  const signedIn = useAfterSignIn(onDone, '/onboarding');
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(registerFormSchema, { username: '', email: '', password: '', confirmPassword: '' });

  // confirmPassword only guards the form; it is never sent.
  const onSubmit = handleSubmit(
    toastOnFailure(
      'Registration failed',
      'Registration failed',
      async ({ confirmPassword: _confirm, ...values }: RegisterFormInput) => {
        const user = await registerMutation.mutateAsync(values);
        toast({
          title: 'Registration successful',
          description: `Welcome to Rally, ${user.username}! Let's set up your organization.`,
        });
        signedIn();
      },
      // A taken username is said on the field too, where the person will fix it.
      (err) => applyServerFieldErrors(err, setError, ['username', 'email', 'password']),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Register">
      <TextFields fields={FIELDS} register={register} errors={errors} />
      <WideSubmit pending={registerMutation.isPending} pendingLabel="Creating account...">
        Register
      </WideSubmit>
    </form>
  );
}
