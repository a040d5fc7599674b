import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { type CampaignFormInput, campaignFormSchema } from '#shared/schemas/campaigns.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormDialog } from '#client/components/ui/dialog.tsx';
import { DialogFooter } from '#client/components/ui/dialog.tsx';
import { DescriptionField, FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { creationFailure } from '#client/lib/creation-error.ts';
import { useCreateCampaign } from '../api/create-campaign.ts';

/** 'New Campaign': name (3+ characters) and an optional description; live at once or saved as a draft. */
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
      description="Give your campaign a name; you can add assets next. A draft stays with your team until you publish it."
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
  const [asDraft, setAsDraft] = useState(false);

  const submitAs = (status: 'active' | 'draft') =>
    handleSubmit((values) => {
      if (!orgId) {
        toast({
          title: 'Error',
          description: 'Missing organization information. Please try logging out and back in.',
          variant: 'destructive',
        });
        console.error('Missing organization ID for campaign creation');
        return;
      }
      setAsDraft(status === 'draft');
      createCampaign.mutate(
        { ...values, status, organizationId: orgId },
        {
          onSuccess: (campaign) => {
            toast(
              status === 'draft'
                ? {
                    title: 'Draft saved',
                    description: `"${campaign.name}" is a draft: only your team can see it.`,
                  }
                : { title: 'Campaign created', description: `"${campaign.name}" is ready for assets.` },
            );
            onCreated(campaign);
          },
          onError: (err) => toast({ ...creationFailure(err, 'campaign'), variant: 'destructive' }),
        },
      );
    });
  const pending = createCampaign.isPending;

  const nameId = `${uid}-name`;
  const descId = `${uid}-description`;
  return (
    <form onSubmit={submitAs('active')} noValidate className="space-y-4">
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
      <DialogFooter>
        <Button type="button" variant="outline" disabled={pending} onClick={submitAs('draft')}>
          {pending && asDraft ? 'Saving...' : 'Save as draft'}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && !asDraft ? 'Creating...' : 'Create Campaign'}
        </Button>
      </DialogFooter>
    </form>
  );
}
