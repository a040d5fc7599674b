import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type CreateOrganizationInput, createOrganizationSchema } from '#shared/schemas/organizations.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input, Textarea } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useCreateOrganization } from '../api/create-organization.ts';

const USERNAME_HELP = 'Used in your links. It must be unique: no other organization can have it.';

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

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ ...values, creatorId });
      navigate('/', { replace: true });
    } catch (err) {
      toast({
        title: 'Failed to create organization',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create organization">
      <FormField id="org-name" label="Organization Name" error={e.name?.message}>
        <Input
          {...fieldAria('org-name', e.name?.message)}
          autoComplete="organization"
          {...register('name')}
        />
      </FormField>
      <FormField id="org-username" label="Username" error={e.username?.message} help={USERNAME_HELP}>
        <Input
          {...fieldAria('org-username', e.username?.message, USERNAME_HELP)}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          {...register('username')}
        />
      </FormField>
      <FormField id="org-description" label="Description (optional)" error={e.description?.message}>
        <Textarea
          {...fieldAria('org-description', e.description?.message)}
          rows={3}
          {...register('description')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Organization'}
      </Button>
    </form>
  );
}
