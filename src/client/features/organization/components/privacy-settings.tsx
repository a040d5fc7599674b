import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  AUDIT_MONTHS,
  PERSONAL_DATA_MONTHS,
  POLICY_URL_MAX,
  type OrganizationSettings,
  privacySettingsSchema,
} from '#shared/schemas/settings.ts';
import { SectionCard } from '#client/components/ui/card.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { DataRequests } from './data-requests.tsx';
import { SectionSettings, SettingsForm } from './settings-state.tsx';
import { useSettingsForm } from '../hooks/use-save-settings.ts';

/**
 * The Privacy tab: how long raw events and the activity log keep personal fields
 * (docs/privacy.md), and the privacy policy the supporter notice links to (docs/api.md
 * "Privacy").
 */
export function PrivacySettings() {
  return (
    <>
      <SectionSettings section="privacy" Form={PrivacyForm} />
      <DataRequests />
    </>
  );
}

const AUDIT_HELP = msg`After this, activity log entries of people who are no longer members show "a former member" instead of their name. The entries themselves stay.`;

const POLICY_HELP = msg`Supporters see a short notice on every campaign page and share card saying what Rally keeps; it links to this page. Leave empty for no link.`;

const MONTHS_HELP = msg`After this, shares, visits and click-throughs lose the names, messages, visitor ids and network hashes they were logged with. Your totals and charts stay the same.`;

/** The tab's retentions, each a whole number of months. */
const MONTHS_FIELDS = [
  {
    name: 'personalDataMonths',
    label: msg`Keep personal fields of raw events for (months)`,
    help: MONTHS_HELP,
    range: PERSONAL_DATA_MONTHS,
  },
  {
    name: 'auditMonths',
    label: msg`Keep former members' names in the activity log for (months)`,
    help: AUDIT_HELP,
    range: AUDIT_MONTHS,
  },
] as const;

function PrivacyForm({
  initial,
  canChange,
}: {
  initial: OrganizationSettings['privacy'];
  canChange: boolean;
}) {
  const settings = usePrivacyForm(initial);
  const { form, errors } = settings;
  const policyId = 'settings-privacy-policy-url';
  const { t, i18n } = useLingui();
  const policyHelp = i18n._(POLICY_HELP);
  return (
    <SettingsForm
      label={t`Privacy settings`}
      settings={settings}
      canChange={canChange}
      save={t`Save Privacy Settings`}
    >
      <SectionCard
        title={t`Personal Data Retention`}
        description={t`How long Rally keeps what could identify a supporter in its raw records.`}
        contentClassName="space-y-4"
      >
        {MONTHS_FIELDS.map((field) => (
          <MonthsField key={field.name} settings={settings} canChange={canChange} {...field} />
        ))}
      </SectionCard>
      <SectionCard
        title={t`Privacy Policy`}
        description={t`Your organisation's own privacy policy, linked from the supporter notice.`}
        contentClassName="space-y-4"
      >
        <FormField id={policyId} label={t`Privacy policy link`} help={policyHelp} error={errors.policyUrl}>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://www.example.org/privacy"
            maxLength={POLICY_URL_MAX}
            {...form.register('policyUrl')}
            {...fieldAria(policyId, errors.policyUrl, policyHelp)}
            disabled={!canChange}
          />
        </FormField>
      </SectionCard>
    </SettingsForm>
  );
}

type PrivacyFormState = ReturnType<typeof usePrivacyForm>;
const usePrivacyForm = (initial: OrganizationSettings['privacy']) =>
  useSettingsForm('privacy', privacySettingsSchema, initial);

/** A whole number of months, within `range`, with its help and its error on the field. */
function MonthsField({
  settings,
  name,
  label,
  help,
  range,
  canChange,
}: {
  settings: PrivacyFormState;
  name: 'personalDataMonths' | 'auditMonths';
  label: MessageDescriptor;
  help: MessageDescriptor;
  range: { min: number; max: number };
  canChange: boolean;
}) {
  const id = `settings-${name}`;
  const error = settings.errors[name];
  const { i18n } = useLingui();
  const helpText = i18n._(help);
  return (
    <FormField id={id} label={i18n._(label)} help={helpText} error={error}>
      <Input
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        step={1}
        className="max-w-32"
        {...settings.form.register(name, { valueAsNumber: true })}
        {...fieldAria(id, error, helpText)}
        disabled={!canChange}
      />
    </FormField>
  );
}
