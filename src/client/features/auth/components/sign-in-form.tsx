import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { TextFields, type TextFieldSpec, WideSubmit } from '#client/components/ui/form-field.tsx';
import { toast, toastOnFailure } from '#client/components/ui/use-toast.ts';
import { applyServerFieldErrors } from '#client/lib/server-field-errors.ts';
import { useAfterSignIn } from '../hooks/use-after-sign-in.ts';

type Kind = 'login' | 'register';

/** Each form's name and button, its label while the request runs, the toast title of a refusal, and where it goes next. */
const FORMS: Record<
  Kind,
  [label: MessageDescriptor, pending: MessageDescriptor, failed: MessageDescriptor, next: string]
> = {
  login: [msg`Login`, msg`Logging in...`, msg`Login failed`, '/'],
  register: [msg`Register`, msg`Creating account...`, msg`Registration failed`, '/onboarding'],
};

/** The welcome toast; a registration on its way to onboarding says what comes next. */
const WELCOME: Record<
  Kind,
  (i18n: I18n, name: string, onboarding: boolean) => { title: string; description: string }
> = {
  login: (i18n, name) => ({
    title: i18n._(msg`Login successful`),
    description: i18n._(msg`Welcome back, ${name}!`),
  }),
  register: (i18n, name, onboarding) => ({
    title: i18n._(msg`Registration successful`),
    description: onboarding
      ? i18n._(msg`Welcome to Rally, ${name}! Let's set up your organization.`)
      : i18n._(msg`Welcome to Rally, ${name}!`),
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
  const { i18n } = useLingui();
  const [labelMessage, pendingMessage, failedMessage, next] = FORMS[kind];
  const label = i18n._(labelMessage);
  const pendingLabel = i18n._(pendingMessage);
  const failed = i18n._(failedMessage);
  const signedIn = useAfterSignIn(onDone, next);
  const { errors, isSubmitting } = form.formState;
  // The promise settles even if this form unmounts once the user is set.
  const onSubmit = form.handleSubmit(
    toastOnFailure(
      failed,
      failed,
      async (values: Output) => {
        toast(WELCOME[kind](i18n, (await send(values)).username, !onDone));
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
