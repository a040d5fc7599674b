import { Trans, useLingui } from '@lingui/react/macro';
import type { SupporterOrganization } from '#shared/schemas/settings.ts';

/** Who is asking: the organisation's logo (when set) and name, above the campaign title. */
export function OrganizationBanner({ organization }: { organization: SupporterOrganization }) {
  const { t } = useLingui();
  const name = organization.name;
  return (
    <p className="flex items-center gap-3 text-sm font-medium text-muted-foreground">
      {organization.logoUrl && (
        <img
          src={organization.logoUrl}
          alt={t`${name} logo`}
          className="h-10 w-auto max-w-[8rem] object-contain"
        />
      )}
      <span data-testid="organization-ask">
        <Trans>
          <span className="font-semibold text-slate-900">{name}</span> asks you to share
        </Trans>
      </span>
    </p>
  );
}
