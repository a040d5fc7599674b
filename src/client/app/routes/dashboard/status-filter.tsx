import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CampaignStatus } from '#shared/campaign-lifecycle.ts';
import { Button } from '#client/components/ui/button.tsx';

/** The dashboard's list filters, in order; the server filters by the status the badges show. */
export const STATUS_FILTERS: {
  status: CampaignStatus;
  label: MessageDescriptor;
  /** The list's heading while this filter is on. */
  heading: MessageDescriptor;
  /** The list's empty state (no search) while this filter is on. */
  none: MessageDescriptor;
}[] = [
  {
    status: 'active',
    label: msg`Active`,
    heading: msg`Active Campaigns`,
    none: msg`Create your first campaign to get started`,
  },
  {
    status: 'draft',
    label: msg`Drafts`,
    heading: msg`Draft Campaigns`,
    none: msg`No drafts campaigns right now`,
  },
  {
    status: 'paused',
    label: msg`Paused`,
    heading: msg`Paused Campaigns`,
    none: msg`No paused campaigns right now`,
  },
  {
    status: 'ended',
    label: msg`Ended`,
    heading: msg`Ended Campaigns`,
    none: msg`No ended campaigns right now`,
  },
  {
    status: 'archived',
    label: msg`Archived`,
    heading: msg`Archived Campaigns`,
    none: msg`No archived campaigns right now`,
  },
];

export function StatusFilter({
  value,
  onChange,
}: {
  value: CampaignStatus;
  onChange: (status: CampaignStatus) => void;
}) {
  const { i18n, t } = useLingui();
  return (
    <div role="group" aria-label={t`Filter by status`} className="flex flex-wrap gap-1">
      {STATUS_FILTERS.map((f) => (
        <Button
          key={f.status}
          size="sm"
          variant={value === f.status ? 'default' : 'ghost'}
          aria-pressed={value === f.status}
          onClick={() => onChange(f.status)}
        >
          {i18n._(f.label)}
        </Button>
      ))}
    </div>
  );
}
