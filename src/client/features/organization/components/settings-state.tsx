import type { OrganizationSettings } from '#shared/schemas/settings.ts';
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
  return (
    <QueryView query={settings} loading="Loading settings" failed="Failed to fetch settings">
      {(data) => (
        <>
          {!can('admin') && (
            <p className="rounded-md border border-border bg-white p-3 text-sm text-muted-foreground">
              Only admins can change these settings.
            </p>
          )}
          {children(data, can('admin'))}
        </>
      )}
    </QueryView>
  );
}
