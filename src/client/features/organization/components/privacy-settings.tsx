import {
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
 * The Privacy tab: how long raw events keep their personal fields (docs/privacy.md), and
 * the privacy policy the supporter notice links to (docs/api.md "Privacy").
 */
export function PrivacySettings() {
  return <SectionSettings section="privacy" Form={PrivacyForm} />;
}

const POLICY_HELP =
  'Supporters see a short notice on every campaign page and share card saying what Rally keeps; it links to this page. Leave empty for no link.';

const MONTHS_HELP =
  'After this, shares, visits and click-throughs lose the names, messages, visitor ids and network hashes they were logged with. Your totals and charts stay the same.';

function PrivacyForm({
  initial,
  canChange,
}: {
  initial: OrganizationSettings['privacy'];
  canChange: boolean;
}) {
  const settings = useSettingsForm('privacy', privacySettingsSchema, initial);
  const { form, errors } = settings;
  const id = 'settings-personal-data-months';
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
        <FormField
          id={id}
          label="Keep personal fields of raw events for (months)"
          help={MONTHS_HELP}
          error={errors.personalDataMonths}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={PERSONAL_DATA_MONTHS.min}
            max={PERSONAL_DATA_MONTHS.max}
            step={1}
            className="max-w-32"
            {...form.register('personalDataMonths', { valueAsNumber: true })}
            {...fieldAria(id, errors.personalDataMonths, MONTHS_HELP)}
            disabled={!canChange}
          />
        </FormField>
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
