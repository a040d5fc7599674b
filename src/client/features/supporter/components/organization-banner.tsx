import type { SupporterOrganization } from '#shared/schemas/settings.ts';

/** Who is asking: the organisation's logo (when set) and name, above the campaign title. */
export function OrganizationBanner({ organization }: { organization: SupporterOrganization }) {
  return (
    <p className="flex items-center gap-3 text-sm font-medium text-muted-foreground">
      {organization.logoUrl && (
        <img
          src={organization.logoUrl}
          alt={`${organization.name} logo`}
          className="h-10 w-auto max-w-[8rem] object-contain"
        />
      )}
      <span data-testid="organization-ask">
        <span className="font-semibold text-slate-900">{organization.name}</span> asks you to share
      </span>
    </p>
  );
}
