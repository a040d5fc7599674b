import { Trans, useLingui } from '@lingui/react/macro';
import type { OrganizationSettings } from '#shared/schemas/settings.ts';
import { Form, SubmitButton } from '#client/components/ui/form-field.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { useOrganizationSettings } from '../api/settings.ts';
import { useRole } from '../hooks/use-role.ts';

/** Loads the settings once for a tab, and tells it whether the member may change them (admins only). */
export function WithSettings({
  children,
}: {
  children: (settings: OrganizationSettings, canChange: boolean) => React.ReactNode;
}) {
  const settings = useOrganizationSettings();
  const { can } = useRole();
  const { t } = useLingui();
  return (
    <QueryView query={settings} loading={t`Loading settings`} failed={t`Failed to fetch settings`}>
      {(data) => (
        <>
          {!can('admin') && (
            <p className="rounded-md border border-border bg-white p-3 text-sm text-muted-foreground">
              <Trans>Only admins can change these settings.</Trans>
            </p>
          )}
          {children(data, can('admin'))}
        </>
      )}
    </QueryView>
  );
}

/** A tab of one section's form, started afresh from what the server holds after a save or a reload. */
export function SectionSettings<K extends keyof OrganizationSettings>({
  section,
  Form,
}: {
  section: K;
  Form: React.ComponentType<{ initial: OrganizationSettings[K]; canChange: boolean }>;
}) {
  return (
    <WithSettings>
      {(settings, canChange) => (
        <Form key={JSON.stringify(settings[section])} initial={settings[section]} canChange={canChange} />
      )}
    </WithSettings>
  );
}

/**
 * A settings tab's form (`useSettingsForm`'s submit): its cards, then for admins the save
 * button, held while `busy` (an upload), with a note while `dirty`.
 */
export function SettingsForm({
  label,
  settings,
  canChange,
  save,
  busy = false,
  dirty = false,
  children,
}: {
  label: string;
  settings: { onSubmit: () => void; saving: boolean };
  canChange: boolean;
  save: string;
  busy?: boolean;
  dirty?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Form aria-label={label} className="space-y-6" onSubmit={settings.onSubmit}>
      {children}
      {canChange && (
        <div className="flex items-center gap-3">
          <SubmitButton
            pending={settings.saving}
            pendingLabel={t`Saving...`}
            disabled={settings.saving || busy}
          >
            {save}
          </SubmitButton>
          {dirty && (
            <p className="text-sm text-muted-foreground">
              <Trans>Unsaved changes</Trans>
            </p>
          )}
        </div>
      )}
    </Form>
  );
}
