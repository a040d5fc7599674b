import { Trans, useLingui } from '@lingui/react/macro';
import { PlusIcon } from 'lucide-react';
import { useId } from 'react';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { createTemplateSchema, type Template } from '#shared/schemas/templates.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormDialog } from '#client/components/ui/dialog.tsx';
import { FormSubmit, SelectField } from '#client/components/ui/form-field.tsx';
import { NameAndDescriptionFields } from '#client/components/ui/name-and-description-fields.tsx';
import { Options } from '#client/components/ui/options.tsx';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCampaigns } from '#client/features/campaigns/index.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useCreateTemplate } from '../api/create-template.ts';

/** 'Create Custom Template': save one of the organisation's campaigns as a reusable template. */
export function CreateTemplateDialog({ orgId }: { orgId: number | null }) {
  const { t } = useLingui();
  return (
    <FormDialog
      trigger={
        <Button variant="outline">
          <PlusIcon aria-hidden /> <Trans>Create Custom Template</Trans>
        </Button>
      }
      title={t`Create Custom Template`}
      description={t`Save a campaign's assets as a template your organization can start new campaigns from.`}
    >
      {(close) => <CreateTemplateForm orgId={orgId} onDone={close} />}
    </FormDialog>
  );
}

function CreateTemplateForm({ orgId, onDone }: { orgId: number | null; onDone: () => void }) {
  const { t } = useLingui();
  const campaigns = useCampaigns(orgId);
  if (orgId === null) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Create your organization first: templates belong to it.</Trans>
      </p>
    );
  }
  if (campaigns.isPending) return <Spinner label={t`Loading campaigns`} />;
  if (campaigns.isError) return <QueryError title={t`Failed to fetch campaigns`} query={campaigns} />;
  if (campaigns.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>Create a campaign first: a template is made from one.</Trans>
      </p>
    );
  }
  return <TemplateFields campaigns={campaigns.data} onDone={onDone} />;
}

function TemplateFields({ campaigns, onDone }: { campaigns: Campaign[]; onDone: () => void }) {
  const { t } = useLingui();
  const uid = useId();
  const create = useCreateTemplate();
  const { register, handleSubmit, formState } = useSchemaForm(createTemplateSchema, {
    campaignId: campaigns[0].id,
    name: '',
    description: '',
  });
  const { errors } = formState;
  const campaignId = `${uid}-campaign`;

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      values,
      toastOutcome(
        ({ name }: Template) => ({
          title: t`Template saved`,
          description: t`"${name}" is listed under My Templates`,
        }),
        t`Could not save the template`,
        { fallback: t`An unknown error occurred`, onDone },
      ),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <SelectField
        id={campaignId}
        label={t`Campaign`}
        error={errors.campaignId ? t`Please choose a campaign` : undefined}
        {...register('campaignId', { valueAsNumber: true })}
      >
        <Options items={campaigns} value={(c) => c.id} label={(c) => c.name} />
      </SelectField>
      <NameAndDescriptionFields
        uid={uid}
        name="name"
        label={t`Template name`}
        register={register}
        errors={errors}
      />
      <FormSubmit pending={create.isPending} pendingLabel={t`Saving...`}>
        <Trans>Save Template</Trans>
      </FormSubmit>
    </form>
  );
}
