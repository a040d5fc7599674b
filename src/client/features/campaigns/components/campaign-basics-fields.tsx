import { useLingui } from '@lingui/react/macro';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { DescriptionField, InputField } from '#client/components/ui/form-field.tsx';

/** A campaign's name and optional description, as the create and edit forms ask for them. */
export function CampaignBasicsFields({
  uid,
  name,
  description,
  errors,
}: {
  uid: string;
  /** register('name') and register('description') of the form. */
  name: UseFormRegisterReturn;
  description: UseFormRegisterReturn;
  errors: { name?: FieldError; description?: FieldError };
}) {
  const { t } = useLingui();
  return (
    <>
      <InputField
        id={`${uid}-name`}
        label={t`Campaign name`}
        error={errors.name?.message}
        dir="auto"
        autoComplete="off"
        {...name}
      />
      <DescriptionField
        id={`${uid}-description`}
        rows={3}
        error={errors.description?.message}
        {...description}
      />
    </>
  );
}
