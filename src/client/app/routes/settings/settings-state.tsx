import type { OrganizationSettings } from '#shared/schemas/settings.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useOrganizationSettings, useRole } from '#client/features/organization/index.ts';

/** Loads the settings once for a tab, and tells it whether the member may change them (admins only). */
export function WithSettings({
  children,
}: {
  children: (settings: OrganizationSettings, canChange: boolean) => React.ReactNode;
}) {
  const settings = useOrganizationSettings();
  const { can } = useRole();
  if (settings.isPending) return <Spinner label="Loading settings" />;
  if (settings.isError) return <p className="text-sm text-destructive">Failed to fetch settings</p>;
  return (
    <>
      {!can('admin') && (
        <p className="rounded-md border border-border bg-white p-3 text-sm text-muted-foreground">
          Only admins can change these settings.
        </p>
      )}
      {children(settings.data, can('admin'))}
    </>
  );
}
