import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { suggestOrgUsername } from '#shared/org-username.ts';
import { type CreateOrganizationInput, createOrganizationSchema } from '#shared/schemas/organizations.ts';
import {
  FormField,
  fieldAria,
  TextFields,
  type TextFieldSpec,
  WideSubmit,
} from '#client/components/ui/form-field.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { toastOnFailure } from '#client/components/ui/use-toast.ts';
import { applyServerFieldErrors } from '#client/lib/server-field-errors.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useCreateOrganization } from '../api/create-organization.ts';

// The links supporters get name the campaign by number, not this username: the help claims no more.
const USERNAME_HELP = msg`Suggested from the name; change it if you like. It must be unique: no other organization can have it.`;

const FIELDS: (Omit<TextFieldSpec<CreateOrganizationInput>, 'label' | 'help'> & {
  label: MessageDescriptor;
  help?: MessageDescriptor;
})[] = [
  { id: 'org-name', name: 'name', label: msg`Organization Name`, autoComplete: 'organization' },
  {
    id: 'org-username',
    name: 'username',
    label: msg`Username`,
    help: USERNAME_HELP,
    dir: 'ltr',
    autoCapitalize: 'none',
    autoComplete: 'off',
    spellCheck: false,
  },
];

export function OrganizationForm({ creatorId }: { creatorId: number }) {
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const { t, i18n } = useLingui();
  const fields = useMemo(
    () =>
      FIELDS.map(
        ({ label, help, ...field }): TextFieldSpec<CreateOrganizationInput> => ({
          ...field,
          label: i18n._(label),
          help: help && i18n._(help),
        }),
      ),
    [i18n],
  );
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors: e, dirtyFields },
  } = useSchemaForm(createOrganizationSchema, { name: '', username: '', description: '' });

  // The username follows the name until the person types one of their own
  // (setValue without shouldDirty leaves the field "not dirty").
  const name = watch('name');
  const ownUsername = Boolean(dirtyFields.username);
  useEffect(() => {
    if (!ownUsername) setValue('username', suggestOrgUsername(name));
  }, [name, ownUsername, setValue]);

  const onSubmit = handleSubmit(
    toastOnFailure(
      t`Failed to create organization`,
      t`Please try again.`,
      async (values: CreateOrganizationInput) => {
        await create.mutateAsync({ ...values, creatorId });
        navigate('/', { replace: true });
      },
      // A taken username is said on the field too, where the person will fix it.
      (err) => applyServerFieldErrors(err, setError, ['name', 'username', 'description']),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Create organization`}>
      <TextFields fields={fields} register={register} errors={e} />
      <FormField id="org-description" label={t`Description (optional)`} error={e.description?.message}>
        <Textarea
          {...fieldAria('org-description', e.description?.message)}
          rows={3}
          dir="auto"
          {...register('description')}
        />
      </FormField>
      <WideSubmit pending={create.isPending} pendingLabel={t`Creating...`}>
        <Trans>Create Organization</Trans>
      </WideSubmit>
    </form>
  );
}
