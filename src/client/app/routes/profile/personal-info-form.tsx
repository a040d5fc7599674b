import { type ProfileInput, type PublicUser, profileSchema } from '#shared/schemas/auth.ts';
import { TextFields, type TextFieldSpec } from '#client/components/ui/form-field.tsx';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
import { useUpdateProfile } from '#client/features/auth/index.ts';
import { toastFirstError, useSchemaForm } from '#client/lib/use-schema-form.ts';
import { FormCard } from './form-card.tsx';

const fromUser = (user: PublicUser): Required<ProfileInput> => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email ?? '',
  phone: user.phone ?? '',
});

const NAME_FIELDS: TextFieldSpec<ProfileInput>[] = [
  { id: 'profile-first-name', name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { id: 'profile-last-name', name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
];
const CONTACT_FIELDS: TextFieldSpec<ProfileInput>[] = [
  { id: 'profile-email', name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { id: 'profile-phone', name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];

/** Checked by the profile schema; a refusal, the schema's or the server's, is toasted as 'Update Failed'. */
export function PersonalInfoForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(profileSchema, fromUser(user));

  const onSubmit = handleSubmit(
    (values) =>
      update.mutate(
        values,
        toastOutcome(
          { title: 'Profile Updated', description: 'Your profile information has been saved.' },
          'Update Failed',
          { fallback: 'Failed to update profile', onDone: (saved: PublicUser) => reset(fromUser(saved)) },
        ),
      ),
    toastFirstError('Update Failed'),
  );

  return (
    <FormCard
      id="personal-info"
      title="Personal Information"
      description="Update your name and contact details."
      onSubmit={onSubmit}
      submit={{ label: 'Save Changes', pendingLabel: 'Saving...', pending: update.isPending }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextFields fields={NAME_FIELDS} register={register} errors={errors} />
      </div>
      <TextFields fields={CONTACT_FIELDS} register={register} errors={errors} />
    </FormCard>
  );
}
