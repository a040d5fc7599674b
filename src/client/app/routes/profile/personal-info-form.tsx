import { useForm } from 'react-hook-form';
import type { ProfileInput, PublicUser } from '#shared/schemas/auth.ts';
import { TextFields, type TextFieldSpec } from '#client/components/ui/form-field.tsx';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
import { useUpdateProfile } from '#client/features/auth/index.ts';
import { FormCard } from './form-card.tsx';

/** The form's values: every field of the profile schema, as the inputs hold it (text). */
type PersonalInfo = Record<keyof ProfileInput, string>;

const fromUser = (user: PublicUser): PersonalInfo => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email ?? '',
  phone: user.phone ?? '',
});

const NAME_FIELDS: TextFieldSpec<PersonalInfo>[] = [
  { id: 'profile-first-name', name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { id: 'profile-last-name', name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
];
const CONTACT_FIELDS: TextFieldSpec<PersonalInfo>[] = [
  { id: 'profile-email', name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { id: 'profile-phone', name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];

/** These fields have no client-side rules: the server validates, and its answer is shown as is. */
export function PersonalInfoForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const { register, handleSubmit, reset } = useForm<PersonalInfo>({ values: fromUser(user) });

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      values,
      toastOutcome(
        { title: 'Profile Updated', description: 'Your profile information has been saved.' },
        'Update Failed',
        { fallback: 'Failed to update profile', onDone: (saved: PublicUser) => reset(fromUser(saved)) },
      ),
    ),
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
        <TextFields fields={NAME_FIELDS} register={register} />
      </div>
      <TextFields fields={CONTACT_FIELDS} register={register} />
    </FormCard>
  );
}
