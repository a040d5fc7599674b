import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const uid = useId();
  const name = template.name;
  const count = template.assets.length;
  const nameId = `${uid}-name`;
  const { register, handleSubmit, formState } = useSchemaForm(useTemplateFormSchema, { name: template.name });

  return (
    <TitledDialog
      open
      onOpenChange={(open) => !pending && onOpenChange(open)}
      title={t`Use the ${name} template`}
      description={
        <Plural
          value={count}
          one="Name your campaign. It starts with these # starter asset, which you can edit afterwards."
          other="Name your campaign. It starts with these # starter assets, which you can edit afterwards."
        />
      }
    >
      <DraftOrLiveForm
        handleSubmit={handleSubmit}
        onValid={({ name }, status) => onConfirm({ name, status })}
        pending={pending}
        creatingLabel={t`Creating campaign...`}
      >
        <InputField
          id={nameId}
          label={t`Campaign name`}
          error={formState.errors.name?.message}
          dir="auto"
          autoComplete="off"
          {...register('name')}
        />
        <section aria-labelledby={`${uid}-starters`} className="space-y-2">
          <h3 id={`${uid}-starters`} className="text-sm font-semibold">
            <Trans>Starter assets</Trans>
          </h3>
          <StarterAssetList assets={template.assets} detailed />
        </section>
      </DraftOrLiveForm>
    </TitledDialog>
  );
}
