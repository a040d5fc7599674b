import { useMemo } from 'react';
import { generalSettingsSchema, type OrganizationSettings } from '#shared/schemas/settings.ts';
import { SectionCard } from '#client/components/ui/card.tsx';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { Form, FormField, fieldAria, SubmitButton } from '#client/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#client/components/ui/input.tsx';
import { Options } from '#client/components/ui/options.tsx';
import { useOrganization } from '../api/get-organization.ts';
import { timeZoneOptions } from '#client/lib/time-zones.ts';
import { toastFirstError, useSchemaForm } from '#client/lib/use-schema-form.ts';
import { WithSettings } from './settings-state.tsx';
import { useSaveSettings } from '../hooks/use-save-settings.ts';

export function GeneralSettings() {
  const organization = useOrganization();
  const org = organization.data;
  return (
    <>
      {organization.isError && <QueryError title="Failed to fetch organization" query={organization} />}
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

const TIME_ZONE_HELP = 'Analytics and CSV downloads count days from midnight to midnight in this zone.';

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
  const { save, errors: serverErrors, saving } = useSaveSettings();
  const {
    register,
    handleSubmit,
    formState: { errors: schemaErrors },
  } = useSchemaForm(generalSettingsSchema, initial);
  // The schema's message first; the server's when the schema let the value through.
  const errors = Object.fromEntries(
    (['name', 'website', 'description', 'timeZone', 'contactEmail'] as const).map((name) => [
      name,
      schemaErrors[name]?.message ?? serverErrors[name],
    ]),
  ) as Partial<Record<keyof General, string>>;
  const field = (id: string, name: keyof General) => ({
    ...fieldAria(id, errors[name]),
    ...register(name),
    disabled: !canChange,
  });

  return (
    <Form
      aria-label="General settings"
      className="space-y-6"
      onSubmit={handleSubmit((general) => save({ general }), toastFirstError('Settings not saved'))}
    >
      <SectionCard
        title="Organization Profile"
        description="How your organization appears to supporters."
        contentClassName="space-y-4"
      >
        <FormField id="settings-org-name" label="Organization Name" error={errors.name}>
          <Input {...field('settings-org-name', 'name')} />
        </FormField>
        <FormField id="settings-org-username" label="Organization Username">
          <Input id="settings-org-username" value={orgUsername} readOnly />
        </FormField>
        <FormField id="settings-org-website" label="Website" error={errors.website}>
          <Input type="url" placeholder="https://example.org" {...field('settings-org-website', 'website')} />
        </FormField>
        <FormField id="settings-org-description" label="Description" error={errors.description}>
          <Textarea {...field('settings-org-description', 'description')} />
        </FormField>
        <FormField
          id="settings-org-time-zone"
          label="Time zone"
          help={TIME_ZONE_HELP}
          error={errors.timeZone}
        >
          <Select
            {...field('settings-org-time-zone', 'timeZone')}
            {...fieldAria('settings-org-time-zone', errors.timeZone, TIME_ZONE_HELP)}
          >
            <Options items={zones} value={(z) => z} label={(z) => z.replaceAll('_', ' ')} />
          </Select>
        </FormField>
      </SectionCard>
      <SectionCard title="Contact Information" description="Where supporters and partners can reach you.">
        <FormField id="settings-contact-email" label="Contact Email" error={errors.contactEmail}>
          <Input
            type="email"
            placeholder="hello@example.org"
            {...field('settings-contact-email', 'contactEmail')}
          />
        </FormField>
      </SectionCard>
      {canChange && (
        <SubmitButton pending={saving} pendingLabel="Saving...">
          Save General Settings
        </SubmitButton>
      )}
    </Form>
  );
}
