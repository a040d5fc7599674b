import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
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
import { useCreateOrganization } from '../api/create-organization.ts';

const USERNAME_HELP = 'Used in your links. It must be unique: no other organization can have it.';

const FIELDS: TextFieldSpec<CreateOrganizationInput>[] = [
  { id: 'org-name', name: 'name', label: 'Organization Name', autoComplete: 'organization' },
  {
    id: 'org-username',
    name: 'username',
    label: 'Username',
    help: USERNAME_HELP,
    autoCapitalize: 'none',
    autoComplete: 'off',
    spellCheck: false,
  },
];

export function OrganizationForm({ creatorId }: { creatorId: number }) {
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const {
    register,
    handleSubmit,
    formState: { errors: e },
  } = useForm<CreateOrganizationInput>({
    resolver: zodResolver(createOrganizationSchema),
    defaultValues: { name: '', username: '', description: '' },
  });

  const onSubmit = handleSubmit(
    toastOnFailure(
      'Failed to create organization',
      'Please try again.',
      async (values: CreateOrganizationInput) => {
        await create.mutateAsync({ ...values, creatorId });
        navigate('/', { replace: true });
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create organization">
      <TextFields fields={FIELDS} register={register} errors={e} />
      <FormField id="org-description" label="Description (optional)" error={e.description?.message}>
        <Textarea
          {...fieldAria('org-description', e.description?.message)}
          rows={3}
          {...register('description')}
        />
      </FormField>
      <WideSubmit pending={create.isPending} pendingLabel="Creating...">
        Create Organization
      </WideSubmit>
    </form>
  );
}
