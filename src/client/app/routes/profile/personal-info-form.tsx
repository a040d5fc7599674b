import { useState } from 'react';
import {
  type ProfileInput,
  type ProfileUpdate,
  type PublicUser,
  profileSchema,
} from '#shared/schemas/auth.ts';
import { passwordField, TextFields, type TextFieldSpec } from '#client/components/ui/form-field.tsx';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
import { useUpdateProfile } from '#client/features/auth/index.ts';
import { toastFirstError, useSchemaForm } from '#client/lib/use-schema-form.ts';
import { FormCard } from './form-card.tsx';

const fromUser = (user: PublicUser): Required<ProfileInput> => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email ?? '',
  phone: user.phone ?? '',
  currentPassword: '',
});

const NAME_FIELDS: TextFieldSpec<ProfileInput>[] = [
  { id: 'profile-first-name', name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { id: 'profile-last-name', name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
];
const CONTACT_FIELDS: TextFieldSpec<ProfileInput>[] = [
  { id: 'profile-email', name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { id: 'profile-phone', name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];
const PASSWORD_FIELD: TextFieldSpec<ProfileInput>[] = [
  passwordField('profile-current-password', 'currentPassword', 'Current Password', 'current-password'),
];

const sameEmail = (a: string | undefined, b: string | null) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').toLowerCase();

/**
 * Checked by the profile schema; a refusal, the schema's or the server's, is toasted as
 * 'Update Failed'. A new email also asks for the current password, and takes effect
 * only once the link the server mails to it is followed: the form says so.
 */
export function PersonalInfoForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useSchemaForm(profileSchema, fromUser(user));
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const changingEmail = !sameEmail(watch('email'), user.email);

  const onSubmit = handleSubmit(
    ({ currentPassword, ...values }) =>
      update.mutate(
        changingEmail ? { ...values, currentPassword } : values,
        toastOutcome(
          (saved: ProfileUpdate) =>
            saved.pendingEmail
              ? {
                  title: 'Confirm your new email',
                  description: `Check ${saved.pendingEmail} to confirm the change.`,
                }
              : { title: 'Profile Updated', description: 'Your profile information has been saved.' },
          'Update Failed',
          {
            fallback: 'Failed to update profile',
            onDone: (saved: ProfileUpdate) => {
              setPendingEmail(saved.pendingEmail ?? null);
              reset(fromUser(saved));
            },
          },
        ),
      ),
    toastFirstError('Update Failed'),
  );

  return (
    <FormCard
      title="Personal Information"
      description="Update your name and contact details."
      onSubmit={onSubmit}
      submit={{ label: 'Save Changes', pendingLabel: 'Saving...', pending: update.isPending }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextFields fields={NAME_FIELDS} register={register} errors={errors} />
      </div>
      <TextFields fields={CONTACT_FIELDS} register={register} errors={errors} />
      {changingEmail && (
        <div className="space-y-1">
          <TextFields fields={PASSWORD_FIELD} register={register} errors={errors} />
          <p className="text-sm text-muted-foreground">
            Your current password is needed to change your email. We will mail a link to the new address, and
            the change is made when it is followed.
          </p>
        </div>
      )}
      {pendingEmail && (
        <p role="status" className="text-sm">
          Check {pendingEmail} to confirm the change. Your email stays {user.email ?? 'empty'} until then.
        </p>
      )}
    </FormCard>
  );
}
