import { useId } from 'react';
import { type Template, useTemplateFormSchema } from '#shared/schemas/templates.ts';
import { TitledDialog } from '#client/components/ui/dialog.tsx';
import { DraftOrLiveForm, type NewCampaignStatus } from '#client/features/campaigns/index.ts';
import { StarterAssetList } from './starter-asset-list.tsx';
import { InputField } from '#client/components/ui/form-field.tsx';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';

/**
 * 'Use this template': nothing is created until the user names the campaign, has
 * seen the starter texts, and picks 'Create Campaign' (live) or 'Save as draft'.
 */
export function UseTemplateDialog({
  template,
  pending,
  onConfirm,
  onOpenChange,
}: {
  template: Template;
  pending: boolean;
  onConfirm: (input: { name: string; status: NewCampaignStatus }) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const uid = useId();
  const nameId = `${uid}-name`;
  const { register, handleSubmit, formState } = useSchemaForm(useTemplateFormSchema, { name: template.name });

  return (
    <TitledDialog
      open
      onOpenChange={(open) => !pending && onOpenChange(open)}
      title={`Use the ${template.name} template`}
      description={
        <>
          Name your campaign. It starts with these {template.assets.length} starter{' '}
          {template.assets.length === 1 ? 'asset' : 'assets'}, which you can edit afterwards.
        </>
      }
    >
      <DraftOrLiveForm
        handleSubmit={handleSubmit}
        onValid={({ name }, status) => onConfirm({ name, status })}
        pending={pending}
        creatingLabel="Creating campaign..."
      >
        <InputField
          id={nameId}
          label="Campaign name"
          error={formState.errors.name?.message}
          dir="auto"
          autoComplete="off"
          {...register('name')}
        />
        <section aria-labelledby={`${uid}-starters`} className="space-y-2">
          <h3 id={`${uid}-starters`} className="text-sm font-semibold">
            Starter assets
          </h3>
          <StarterAssetList assets={template.assets} detailed />
        </section>
      </DraftOrLiveForm>
    </TitledDialog>
  );
}
