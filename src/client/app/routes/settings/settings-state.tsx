import type { OrganizationSettings } from '#shared/schemas/settings.ts';
import { LoadError } from '#client/components/ui/load-error.tsx';
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
  if (settings.isError)
    return (
      <LoadError
        title="Failed to fetch settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
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
