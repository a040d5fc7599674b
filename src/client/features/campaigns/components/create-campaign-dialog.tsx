import { Trans, useLingui } from '@lingui/react/macro';
import { PlusIcon } from 'lucide-react';
import { useEffect, useId } from 'react';
import type { z } from 'zod';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { campaignFormSchema } from '#shared/schemas/campaigns.ts';
import { languagesField, localeField } from '#shared/schemas/languages.ts';
import { goalFormFields, goalFromForm, goalTargetCheck, goalToForm } from '#shared/schemas/goal-payloads.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormDialog } from '#client/components/ui/dialog.tsx';
import { Form, FormSubmit } from '#client/components/ui/form-field.tsx';
import { toast, toastOutcome } from '#client/components/ui/use-toast.ts';
import { creationFailure } from '#client/lib/creation-error.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useOrganizationSettings } from '#client/features/organization/index.ts';
import { useCreateCampaign } from '../api/create-campaign.ts';
import { CampaignBasicsFields } from './campaign-basics-fields.tsx';
import { CampaignGoalFields } from './campaign-goal-fields.tsx';
import { applyLanguageErrors, CampaignLanguagesField } from './campaign-languages-field.tsx';

/** The dialog's form: the name and description, and the languages as the API takes them. */
const createFormSchema = campaignFormSchema
  .extend({
    defaultLanguage: localeField,
    languages: languagesField,
    ...goalFormFields,
  })
  .refine(...goalTargetCheck);
type CreateFormInput = z.infer<typeof createFormSchema>;

/**
 * 'New Campaign': name (3+ characters) and an optional description. It is created as a
 * draft (it has no asset yet): the campaign page adds assets and publishes it.
 */
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
  const { t } = useLingui();
  return (
    <FormDialog
      trigger={
        trigger ?? (
          <Button>
            <PlusIcon aria-hidden /> <Trans>New Campaign</Trans>
          </Button>
        )
      }
      title={t`Create a new campaign`}
      description={t`Give your campaign a name. It starts as a draft that only your team sees: add an asset, then publish it.`}
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
  const { t } = useLingui();
  const uid = useId();
  const createCampaign = useCreateCampaign();
  const { register, handleSubmit, formState, watch, setValue, setError } = useSchemaForm(createFormSchema, {
    name: '',
    description: '',
    defaultLanguage: 'en',
    languages: ['en'],
    ...goalToForm(null),
  });
  const { errors } = formState;
  const defaultLanguage = watch('defaultLanguage');
  const languages = watch('languages');
  const goalMetric = watch('goalMetric');

  // A new campaign starts in the organisation's default language, until the person picks.
  const orgLanguage = useOrganizationSettings().data?.general.defaultLanguage;
  const picked = Boolean(formState.dirtyFields.defaultLanguage || formState.dirtyFields.languages);
  useEffect(() => {
    if (!orgLanguage || picked) return;
    setValue('defaultLanguage', orgLanguage);
    setValue('languages', [orgLanguage]);
  }, [orgLanguage, picked, setValue]);

  // A new campaign has no asset yet, so it starts as a draft: supporters would find
  // nothing to share (the server refuses to publish it until it has an asset).
  const create = (values: CreateFormInput) => {
    if (!orgId) {
      toast({
        title: t`Error`,
        description: t`Missing organization information. Please try logging out and back in.`,
        variant: 'destructive',
      });
      console.error('Missing organization ID for campaign creation');
      return;
    }
    const { goalMetric: _m, goalTarget: _t, goalDeadline: _d, ...fields } = values;
    createCampaign.mutate(
      { ...fields, goal: goalFromForm(values), status: 'draft', organizationId: orgId },
      toastOutcome(
        ({ name }: Campaign) => ({
          title: t`Campaign created`,
          description: t`"${name}" is a draft: add an asset, then publish it.`,
        }),
        (err) => {
          applyLanguageErrors(err, setError);
          return creationFailure(err, 'campaign');
        },
        { onDone: onCreated },
      ),
    );
  };

  return (
    <Form onSubmit={handleSubmit(create)} className="space-y-4">
      <CampaignBasicsFields
        uid={uid}
        name={register('name')}
        description={register('description')}
        errors={errors}
      />
      <CampaignLanguagesField
        uid={uid}
        value={{ defaultLanguage, languages }}
        onChange={(next) => {
          setValue('defaultLanguage', next.defaultLanguage, { shouldDirty: true });
          setValue('languages', next.languages, { shouldDirty: true });
        }}
        errors={errors}
      />
      <CampaignGoalFields
        uid={uid}
        metric={register('goalMetric')}
        chosen={goalMetric}
        target={register('goalTarget')}
        deadline={register('goalDeadline')}
        errors={errors}
      />
      <FormSubmit pending={createCampaign.isPending} pendingLabel={t`Creating...`}>
        <Trans>Create Campaign</Trans>
      </FormSubmit>
    </Form>
  );
}
