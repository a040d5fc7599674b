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
import { SectionSettings, SettingsForm } from './settings-state.tsx';
import { useSettingsForm } from '../hooks/use-save-settings.ts';

/**
 * The Privacy tab: how long raw events and the activity log keep personal fields
 * (docs/privacy.md), and the privacy policy the supporter notice links to (docs/api.md
 * "Privacy").
 */
export function PrivacySettings() {
  return <SectionSettings section="privacy" Form={PrivacyForm} />;
}

const AUDIT_HELP =
  'After this, activity log entries of people who are no longer members show "a former member" instead of their name. The entries themselves stay.';

const POLICY_HELP =
  'Supporters see a short notice on every campaign page and share card saying what Rally keeps; it links to this page. Leave empty for no link.';

const MONTHS_HELP =
  'After this, shares, visits and click-throughs lose the names, messages, visitor ids and network hashes they were logged with. Your totals and charts stay the same.';

/** The tab's retentions, each a whole number of months. */
const MONTHS_FIELDS = [
  {
    name: 'personalDataMonths',
    label: 'Keep personal fields of raw events for (months)',
    help: MONTHS_HELP,
    range: PERSONAL_DATA_MONTHS,
  },
  {
    name: 'auditMonths',
    label: "Keep former members' names in the activity log for (months)",
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
  return (
    <SettingsForm
      label="Privacy settings"
      settings={settings}
      canChange={canChange}
      save="Save Privacy Settings"
    >
      <SectionCard
        title="Personal Data Retention"
        description="How long Rally keeps what could identify a supporter in its raw records."
        contentClassName="space-y-4"
      >
        {MONTHS_FIELDS.map((field) => (
          <MonthsField key={field.name} settings={settings} canChange={canChange} {...field} />
        ))}
      </SectionCard>
      <SectionCard
        title="Privacy Policy"
        description="Your organisation's own privacy policy, linked from the supporter notice."
        contentClassName="space-y-4"
      >
        <FormField id={policyId} label="Privacy policy link" help={POLICY_HELP} error={errors.policyUrl}>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://www.example.org/privacy"
            maxLength={POLICY_URL_MAX}
            {...form.register('policyUrl')}
            {...fieldAria(policyId, errors.policyUrl, POLICY_HELP)}
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
  label: string;
  help: string;
  range: { min: number; max: number };
  canChange: boolean;
}) {
  const id = `settings-${name}`;
  const error = settings.errors[name];
  return (
    <FormField id={id} label={label} help={help} error={error}>
      <Input
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        step={1}
        className="max-w-32"
        {...settings.form.register(name, { valueAsNumber: true })}
        {...fieldAria(id, error, help)}
        disabled={!canChange}
      />
    </FormField>
  );
}
