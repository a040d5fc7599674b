import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { TextFields, type TextFieldSpec, WideSubmit } from '#client/components/ui/form-field.tsx';
import { toast, toastOnFailure } from '#client/components/ui/use-toast.ts';
import { applyServerFieldErrors } from '#client/lib/server-field-errors.ts';
import { useAfterSignIn } from '../hooks/use-after-sign-in.ts';

type Kind = 'login' | 'register';

/** Each form's name and button, its label while the request runs, the toast title of a refusal, and where it goes next. */
const FORMS: Record<Kind, [label: string, pending: string, failed: string, next: string]> = {
  login: ['Login', 'Logging in...', 'Login failed', '/'],
  register: ['Register', 'Creating account...', 'Registration failed', '/onboarding'],
};

/** The welcome toast; a registration on its way to onboarding says what comes next. */
const WELCOME: Record<
  Kind,
  (username: string, onboarding: boolean) => { title: string; description: string }
> = {
  login: (name) => ({ title: 'Login successful', description: `Welcome back, ${name}!` }),
  register: (name, onboarding) => ({
    title: 'Registration successful',
    description: `Welcome to Rally, ${name}!${onboarding ? " Let's set up your organization." : ''}`,
  }),
};

/**
 * The login and register forms: text fields checked by the form's shared schema; `send`
 * signs in, then a welcome toast and on to the next page, or the caller's `onDone` (a page
 * that signs in on the spot, like an invitation). A refusal is toasted, and said on the
 * fields it names (a taken username, where the person will fix it).
 */
export function SignInForm<Input extends FieldValues, Output extends FieldValues>({
  kind,
  form,
  fields,
  send,
  onDone,
}: {
  kind: Kind;
  form: UseFormReturn<Input, unknown, Output>;
  fields: readonly TextFieldSpec<Input>[];
  send: (values: Output) => Promise<{ username: string }>;
  onDone?: () => void;
}) {
  const [label, pendingLabel, failed, next] = FORMS[kind];
  const signedIn = useAfterSignIn(onDone, next);
  const { errors, isSubmitting } = form.formState;
  // The promise settles even if this form unmounts once the user is set.
  const onSubmit = form.handleSubmit(
    toastOnFailure(
      failed,
      failed,
      async (values: Output) => {
        toast(WELCOME[kind]((await send(values)).username, !onDone));
        signedIn();
      },
      (err) =>
        applyServerFieldErrors(
          err,
          form.setError,
          fields.map((f) => f.name),
        ),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={label}>
      <TextFields fields={fields} register={form.register} errors={errors} />
      <WideSubmit pending={isSubmitting} pendingLabel={pendingLabel}>
        {label}
      </WideSubmit>
    </form>
  );
}
