import { PlusIcon } from 'lucide-react';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CreateCampaignDialog } from '#client/features/campaigns/index.ts';
import { RoleLocked } from '#client/features/organization/index.ts';

const CREATE_FIRST = (
  <>
    <PlusIcon aria-hidden /> Create your first campaign
  </>
);

/** The dashboard of an organisation with no campaign yet: what a campaign is, and the button to make one. */
export function FirstCampaign({
  orgId,
  onCreated,
}: {
  orgId: number | null;
  onCreated: (campaign: Campaign) => void;
}) {
  return (
    <div className="mx-auto max-w-lg space-y-3 py-8 text-center" data-testid="first-campaign">
      <p className="font-medium">No campaigns found</p>
      <p className="text-sm text-muted-foreground">Create your first campaign to get started</p>
      <p className="text-sm text-muted-foreground">
        A campaign holds the images, videos and texts your supporters share. Create one, add an asset to it,
        then send its supporter link to the people who back you.
      </p>
      <RoleLocked needs="editor" label={CREATE_FIRST}>
        <CreateCampaignDialog orgId={orgId} onCreated={onCreated} trigger={<Button>{CREATE_FIRST}</Button>} />
      </RoleLocked>
    </div>
  );
}
