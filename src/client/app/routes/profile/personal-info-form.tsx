import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LOCALE_INFO, LOCALES, type Locale } from '#shared/locales.ts';
import {
  type ProfileInput,
  type ProfileUpdate,
  type PublicUser,
  profileSchema,
} from '#shared/schemas/auth.ts';
import {
  passwordField,
  SelectField,
  TextFields,
  type TextFieldSpec,
} from '#client/components/ui/form-field.tsx';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
import { useUpdateProfile } from '#client/features/auth/index.ts';
import { toastFirstError, useSchemaForm } from '#client/lib/use-schema-form.ts';
import { FormCard } from './form-card.tsx';
import { applyProfileLanguage, profileLanguage } from '../../use-profile-language.ts';

const fromUser = (user: PublicUser): Required<ProfileInput> => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email ?? '',
  phone: user.phone ?? '',
  currentPassword: '',
});

const sameEmail = (a: string | undefined, b: string | null) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').toLowerCase();

/**
 * Checked by the profile schema; a refusal, the schema's or the server's, is toasted as
 * 'Update Failed'. A new email also asks for the current password, and takes effect
 * only once the link the server mails to it is followed: the form says so.
 */
export function PersonalInfoForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const { t } = useLingui();
  const nameFields: TextFieldSpec<ProfileInput>[] = [
    { id: 'profile-first-name', name: 'firstName', label: t`First Name`, autoComplete: 'given-name' },
    { id: 'profile-last-name', name: 'lastName', label: t`Last Name`, autoComplete: 'family-name' },
  ];
  const contactFields: TextFieldSpec<ProfileInput>[] = [
    { id: 'profile-email', name: 'email', label: t`Email`, type: 'email', autoComplete: 'email' },
    { id: 'profile-phone', name: 'phone', label: t`Phone`, type: 'tel', autoComplete: 'tel' },
  ];
  const passwordFields: TextFieldSpec<ProfileInput>[] = [
    passwordField('profile-current-password', 'currentPassword', t`Current Password`, 'current-password'),
  ];
  // The profile language: undefined when the server keeps none (the select is then not shown).
  const savedLanguage = profileLanguage(user);
  const [language, setLanguage] = useState<Locale | null>(savedLanguage ?? null);
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
        {
          ...(changingEmail ? { ...values, currentPassword } : values),
          ...(savedLanguage !== undefined && { language }),
        },
        toastOutcome(
          (saved: ProfileUpdate) => {
            const email = saved.pendingEmail;
            return email
              ? { title: t`Confirm your new email`, description: t`Check ${email} to confirm the change.` }
              : { title: t`Profile Updated`, description: t`Your profile information has been saved.` };
          },
          t`Update Failed`,
          {
            fallback: t`Failed to update profile`,
            onDone: (saved: ProfileUpdate) => {
              setPendingEmail(saved.pendingEmail ?? null);
              reset(fromUser(saved));
              const now = profileLanguage(saved);
              // The workspace speaks the saved language at once (no reload).
              if (now !== undefined && now !== savedLanguage) void applyProfileLanguage(now);
            },
          },
        ),
      ),
    toastFirstError(t`Update Failed`),
  );
  const pendingAddress = pendingEmail ?? '';
  const currentAddress = user.email ?? t`empty`;

  return (
    <FormCard
      title={t`Personal Information`}
      description={t`Update your name and contact details.`}
      onSubmit={onSubmit}
      submit={{ label: t`Save Changes`, pendingLabel: t`Saving...`, pending: update.isPending }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextFields fields={nameFields} register={register} errors={errors} />
      </div>
      <TextFields fields={contactFields} register={register} errors={errors} />
      {savedLanguage !== undefined && (
        <SelectField
          id="profile-language"
          label={t`Language`}
          help={t`The language of your workspace and of the mails Rally sends you.`}
          value={language ?? ''}
          onChange={(e) => setLanguage((e.target.value || null) as Locale | null)}
        >
          <option value="">{t`Browser default`}</option>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_INFO[locale].nativeName}
            </option>
          ))}
        </SelectField>
      )}
      {changingEmail && (
        <div className="space-y-1">
          <TextFields fields={passwordFields} register={register} errors={errors} />
          <p className="text-sm text-muted-foreground">
            <Trans>
              Your current password is needed to change your email. We will mail a link to the new address,
              and the change is made when it is followed.
            </Trans>
          </p>
        </div>
      )}
      {pendingEmail && (
        <p role="status" className="text-sm">
          <Trans>
            Check <bdi>{pendingAddress}</bdi> to confirm the change. Your email stays{' '}
            <bdi>{currentAddress}</bdi> until then.
          </Trans>
        </p>
      )}
    </FormCard>
  );
}
