import { languageName } from '#client/lib/language-name.ts';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { LOCALES } from '#shared/locales.ts';
import { generalSettingsSchema, type OrganizationSettings } from '#shared/schemas/settings.ts';
import { SectionCard } from '#client/components/ui/card.tsx';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#client/components/ui/input.tsx';
import { Options } from '#client/components/ui/options.tsx';
import { useOrganization } from '../api/get-organization.ts';
import { timeZoneOptions } from '#client/lib/time-zones.ts';
import { SettingsForm, WithSettings } from './settings-state.tsx';
import { useSettingsForm } from '../hooks/use-save-settings.ts';

export function GeneralSettings() {
  const organization = useOrganization();
  const org = organization.data;
  const { t } = useLingui();
  return (
    <>
      {organization.isError && <QueryError title={t`Failed to fetch organization`} query={organization} />}
      <WithSettings>
        {(settings, canChange) => (
          <GeneralForm
            // A save or a reload starts the form from what the server holds.
            key={JSON.stringify(settings.general)}
            initial={settings.general}
            orgUsername={org?.username ?? ''}
            canChange={canChange}
          />
        )}
      </WithSettings>
    </>
  );
}

type General = OrganizationSettings['general'];

const TIME_ZONE_HELP = msg`Analytics and CSV downloads count days from midnight to midnight in this zone.`;

function GeneralForm({
  initial,
  orgUsername,
  canChange,
}: {
  initial: General;
  orgUsername: string;
  canChange: boolean;
}) {
  const zones = useMemo(() => timeZoneOptions(initial.timeZone), [initial.timeZone]);
  const settings = useSettingsForm('general', generalSettingsSchema, initial);
  const { t, i18n } = useLingui();
  const timeZoneHelp = i18n._(TIME_ZONE_HELP);
  const { form, errors } = settings;
  const field = (id: string, name: keyof General) => ({
    ...fieldAria(id, errors[name]),
    ...form.register(name),
    disabled: !canChange,
  });

  return (
    <SettingsForm
      label={t`General settings`}
      settings={settings}
      canChange={canChange}
      save={t`Save General Settings`}
    >
      <SectionCard
        title={t`Organization Profile`}
        description={t`How your organization appears to supporters.`}
        contentClassName="space-y-4"
      >
        <FormField id="settings-org-name" label={t`Organization Name`} error={errors.name}>
          <Input {...field('settings-org-name', 'name')} />
        </FormField>
        <FormField id="settings-org-username" label={t`Organization Username`}>
          <Input id="settings-org-username" value={orgUsername} readOnly dir="ltr" />
        </FormField>
        <FormField id="settings-org-website" label={t`Website`} error={errors.website}>
          <Input type="url" placeholder="https://example.org" {...field('settings-org-website', 'website')} />
        </FormField>
        <FormField id="settings-org-description" label={t`Description`} error={errors.description}>
          <Textarea dir="auto" {...field('settings-org-description', 'description')} />
        </FormField>
        <FormField
          id="settings-org-time-zone"
          label={t`Time zone`}
          help={timeZoneHelp}
          error={errors.timeZone}
        >
          <Select
            {...field('settings-org-time-zone', 'timeZone')}
            {...fieldAria('settings-org-time-zone', errors.timeZone, timeZoneHelp)}
          >
            <Options items={zones} value={(z) => z} label={(z) => z.replaceAll('_', ' ')} />
          </Select>
        </FormField>
        <FormField
          id="settings-org-default-language"
          label={t`Default language`}
          error={errors.defaultLanguage}
        >
          {/* Each language by its English name (LOCALE_INFO), as staff settings name them. */}
          <Select {...field('settings-org-default-language', 'defaultLanguage')}>
            <Options items={LOCALES} value={(l) => l} label={(l) => languageName(i18n, l)} />
          </Select>
        </FormField>
      </SectionCard>
      <SectionCard
        title={t`Contact Information`}
        description={t`Where supporters and partners can reach you.`}
      >
        <FormField id="settings-contact-email" label={t`Contact Email`} error={errors.contactEmail}>
          <Input
            type="email"
            placeholder="hello@example.org"
            {...field('settings-contact-email', 'contactEmail')}
          />
        </FormField>
      </SectionCard>
    </SettingsForm>
  );
}
