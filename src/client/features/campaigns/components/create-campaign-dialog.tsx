import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { type CampaignFormInput, campaignFormSchema } from '#shared/schemas/campaigns.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormDialog } from '#client/components/ui/dialog.tsx';
import { DescriptionField, FormField, FormSubmit, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { creationFailure } from '#client/lib/creation-error.ts';
import { useCreateCampaign } from '../api/create-campaign.ts';

/** 'New Campaign': name (3+ characters) and an optional description. */
export function CreateCampaignDialog({
  orgId,
  onCreated,
}: {
  orgId: number | null;
  onCreated: (campaign: Campaign) => void;
}) {
  return (
    <FormDialog
      trigger={
        <Button>
          <PlusIcon aria-hidden /> New Campaign
        </Button>
      }
      title="Create a new campaign"
      description="Give your campaign a name; you can add assets next."
    >
      {(close) => (
        <CreateCampaignForm
          orgId={orgId}
          onCreated={(c) => {
            close();
            onCreated(c);
          }}
        />
      )}
    </FormDialog>
  );
}

function CreateCampaignForm({
  orgId,
  onCreated,
}: {
  orgId: number | null;
  onCreated: (campaign: Campaign) => void;
}) {
  const uid = useId();
  const createCampaign = useCreateCampaign();
  const { register, handleSubmit, formState } = useForm<CampaignFormInput>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues: { name: '', description: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    if (!orgId) {
      toast({
        title: 'Error',
        description: 'Missing organization information. Please try logging out and back in.',
        variant: 'destructive',
      });
      console.error('Missing organization ID for campaign creation');
      return;
    }
    createCampaign.mutate(
      { ...values, status: 'active', organizationId: orgId },
      {
        onSuccess: (campaign) => {
          toast({ title: 'Campaign created', description: `"${campaign.name}" is ready for assets.` });
          onCreated(campaign);
        },
        onError: (err) => toast({ ...creationFailure(err, 'campaign'), variant: 'destructive' }),
      },
    );
  });

  const nameId = `${uid}-name`;
  const descId = `${uid}-description`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField id={nameId} label="Campaign name" error={errors.name?.message}>
        <Input
          dir="auto"
          autoComplete="off"
          {...fieldAria(nameId, errors.name?.message)}
          {...register('name')}
        />
      </FormField>
      <DescriptionField
        id={descId}
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <FormSubmit pending={createCampaign.isPending} pendingLabel="Creating...">
        Create Campaign
      </FormSubmit>
    </form>
  );
}
