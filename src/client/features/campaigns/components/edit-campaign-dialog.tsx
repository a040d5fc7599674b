import { Trans, useLingui } from '@lingui/react/macro';
import { PencilIcon } from 'lucide-react';
import { useEffect, useId } from 'react';
import { STATUS_LABELS, STATUS_TRANSITIONS, isCampaignStatus } from '#shared/campaign-lifecycle.ts';
import type { z } from 'zod';
import {
  type Campaign,
  campaignEditFormSchema,
  MAX_DISCLOSURE,
  type UpdateCampaignInput,
} from '#shared/schemas/campaigns.ts';
import { languagesField, localeField } from '#shared/schemas/languages.ts';
import { goalFormFields, goalFromForm, goalTargetCheck, goalToForm } from '#shared/schemas/goal-payloads.ts';
import { IconLabelButton } from '#client/components/ui/icon-label-button.tsx';
import { FormDialog } from '#client/components/ui/dialog.tsx';
import { FormSubmit, InputField, SelectField, TextFields } from '#client/components/ui/form-field.tsx';
import { Options } from '#client/components/ui/options.tsx';
import { saveChanges } from '#client/lib/save-changes.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useUpdateCampaign } from '../api/update-campaign.ts';
import { CampaignBasicsFields } from './campaign-basics-fields.tsx';
import { CampaignGoalFields } from './campaign-goal-fields.tsx';
import { applyLanguageErrors, CampaignLanguagesField } from './campaign-languages-field.tsx';

/** The dialog's form: the edit fields, and the languages as the API takes them. */
const editFormSchema = campaignEditFormSchema
  .safeExtend({
    defaultLanguage: localeField,
    languages: languagesField,
    ...goalFormFields,
  })
  .refine(...goalTargetCheck);
type EditFormInput = z.infer<typeof editFormSchema>;

/** A stored date (yyyy-MM-dd, or a UTC date-time) as a date input shows it. */
const toDateInput = (value: string | null) => (value ? value.slice(0, 10) : '');

/** 'Edit campaign': name, description, dates and status, checked by the shared schema. */
export function EditCampaignDialog({ campaign }: { campaign: Campaign }) {
  const { t } = useLingui();
  return (
    <FormDialog
      trigger={<IconLabelButton icon={PencilIcon} label={t`Edit campaign`} variant="outline" />}
      title={t`Edit campaign`}
      description={t`Changes show on the supporter page straight away.`}
    >
      {(close) => <EditCampaignForm campaign={campaign} onDone={close} />}
    </FormDialog>
  );
}

function EditCampaignForm({ campaign, onDone }: { campaign: Campaign; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const uid = useId();
  const update = useUpdateCampaign(campaign.id);
  const current = isCampaignStatus(campaign.status) ? campaign.status : 'active';
  // Archiving has its own button and confirmation, so the form does not offer it.
  const statuses = [current, ...STATUS_TRANSITIONS[current].filter((s) => s !== 'archived')];
  const initial: EditFormInput = {
    name: campaign.name,
    description: campaign.description ?? '',
    status: current,
    startDate: toDateInput(campaign.startDate),
    endDate: toDateInput(campaign.endDate),
    disclosure: campaign.disclosure ?? '',
    defaultLanguage: campaign.defaultLanguage,
    languages: campaign.languages,
    ...goalToForm(campaign.goal),
  };
  const { register, handleSubmit, formState, watch, setValue, setError } = useSchemaForm(
    editFormSchema,
    initial,
  );
  const { errors } = formState;
  const defaultLanguage = watch('defaultLanguage');
  const languages = watch('languages');
  const goalMetric = watch('goalMetric');

  const onSubmit = handleSubmit((values) => {
    // Only what changed is sent: an untouched status or date must not undo what the
    // server does with the rest (a later end date re-opens an ended campaign).
    const changes: UpdateCampaignInput = {};
    if (values.name.trim() !== initial.name) changes.name = values.name;
    if (values.description.trim() !== initial.description.trim())
      changes.description = values.description.trim() || null;
    if (values.status !== initial.status) changes.status = values.status;
    if (values.startDate !== initial.startDate) changes.startDate = values.startDate || null;
    if (values.endDate !== initial.endDate) changes.endDate = values.endDate || null;
    if (values.defaultLanguage !== initial.defaultLanguage) changes.defaultLanguage = values.defaultLanguage;
    if (values.languages.join() !== initial.languages.join()) changes.languages = values.languages;
    if (values.disclosure.trim() !== initial.disclosure)
      changes.disclosure = values.disclosure.trim() || null;
    const goal = goalFromForm(values);
    if (JSON.stringify(goal) !== JSON.stringify(goalFromForm(initial))) changes.goal = goal;
    saveChanges(
      update,
      changes,
      {
        // A change that waits for review is toasted as such (toastOutcome); this is a saved one.
        success: (saved) => {
          const name = 'name' in saved ? saved.name : values.name;
          return { title: t`Campaign updated`, description: t`"${name}" has been saved.` };
        },
        failTitle: t`Failed to update campaign`,
      },
      onDone,
    );
  });
  // A refused language is said on its control too (the toast says it as well).
  const languageFailure = update.error;
  useEffect(() => {
    if (languageFailure) applyLanguageErrors(languageFailure, setError);
  }, [languageFailure, setError]);

  const ids = {
    status: `${uid}-status`,
    start: `${uid}-start`,
    end: `${uid}-end`,
    disclosure: `${uid}-disclosure`,
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
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
      <SelectField
        id={ids.status}
        label={t`Status`}
        error={errors.status?.message}
        help={current === 'draft' ? t`A draft is seen only by your team until it is published.` : undefined}
        {...register('status')}
      >
        <Options items={statuses} value={(s) => s} label={(s) => i18n._(STATUS_LABELS[s])} />
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextFields
          register={register}
          errors={errors}
          fields={[
            { name: 'startDate', id: ids.start, label: t`Start date (optional)`, type: 'date' },
            { name: 'endDate', id: ids.end, label: t`End date (optional)`, type: 'date' },
          ]}
        />
      </div>
      <InputField
        id={ids.disclosure}
        label={t`Disclosure line (optional)`}
        help={t`Every share of this campaign ends with it, on every platform: for example #ad or "I volunteer with Friends of the Park". Supporters cannot remove it.`}
        error={errors.disclosure?.message}
        maxLength={MAX_DISCLOSURE}
        {...register('disclosure')}
      />
      <CampaignGoalFields
        uid={uid}
        metric={register('goalMetric')}
        chosen={goalMetric}
        target={register('goalTarget')}
        deadline={register('goalDeadline')}
        errors={errors}
      />
      <FormSubmit pending={update.isPending} pendingLabel={t`Saving...`}>
        <Trans>Save changes</Trans>
      </FormSubmit>
    </form>
  );
}
