import { PlusIcon } from 'lucide-react';
import { useId } from 'react';
import { MISSING_ORG_MESSAGE } from '#shared/errors.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { type CampaignFormInput, campaignFormSchema } from '#shared/schemas/campaigns.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormDialog } from '#client/components/ui/dialog.tsx';
import { toast, toastOutcome } from '#client/components/ui/use-toast.ts';
import { creationFailure } from '#client/lib/creation-error.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useCreateCampaign } from '../api/create-campaign.ts';
import { CampaignBasicsFields } from './campaign-basics-fields.tsx';
import { DraftOrLiveForm, type NewCampaignStatus } from './draft-or-live-form.tsx';

/** 'New Campaign': name (3+ characters) and an optional description; live at once or saved as a draft. */
export function CreateCampaignDialog({
  orgId,
  onCreated,
  trigger,
}: {
  orgId: number | null;
  onCreated: (campaign: Campaign) => void;
  /** The button that opens it ('New Campaign' unless given). */
  trigger?: React.ReactElement;
}) {
  return (
    <FormDialog
      trigger={
        trigger ?? (
          <Button>
            <PlusIcon aria-hidden /> New Campaign
          </Button>
        )
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
  const { register, handleSubmit, formState } = useSchemaForm(campaignFormSchema, {
    name: '',
    description: '',
  });
  const { errors } = formState;

  const create = (values: CampaignFormInput, status: NewCampaignStatus) => {
    if (!orgId) {
      toast({
        title: 'Error',
        description: MISSING_ORG_MESSAGE,
        variant: 'destructive',
      });
      console.error('Missing organization ID for campaign creation');
      return;
    }
    createCampaign.mutate(
      { ...values, status, organizationId: orgId },
      toastOutcome(
        (campaign: Campaign) =>
          status === 'draft'
            ? {
                title: 'Draft saved',
                description: `"${campaign.name}" is a draft: only your team can see it.`,
              }
            : { title: 'Campaign created', description: `"${campaign.name}" is ready for assets.` },
        (err) => creationFailure(err, 'campaign'),
        { onDone: onCreated },
      ),
    );
  };

  return (
    <DraftOrLiveForm
      handleSubmit={handleSubmit}
      onValid={create}
      pending={createCampaign.isPending}
      creatingLabel="Creating..."
    >
      <CampaignBasicsFields
        uid={uid}
        name={register('name')}
        description={register('description')}
        errors={errors}
      />
    </DraftOrLiveForm>
  );
}
