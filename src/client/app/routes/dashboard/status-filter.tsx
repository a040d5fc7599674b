import type { CampaignStatus } from '#shared/campaign-lifecycle.ts';
import { Button } from '#client/components/ui/button.tsx';

/** The dashboard's list filters, in order; the server filters by the status the badges show. */
export const STATUS_FILTERS: { status: CampaignStatus; label: string }[] = [
  { status: 'active', label: 'Active' },
  { status: 'draft', label: 'Drafts' },
  { status: 'paused', label: 'Paused' },
  { status: 'ended', label: 'Ended' },
  { status: 'archived', label: 'Archived' },
];

export function StatusFilter({
  value,
  onChange,
}: {
  value: CampaignStatus;
  onChange: (status: CampaignStatus) => void;
}) {
  return (
    <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-1">
      {STATUS_FILTERS.map((f) => (
        <Button
          key={f.status}
          size="sm"
          variant={value === f.status ? 'default' : 'ghost'}
          aria-pressed={value === f.status}
          onClick={() => onChange(f.status)}
        >
          {f.label}
        </Button>
      ))}
    </div>
  );
}
