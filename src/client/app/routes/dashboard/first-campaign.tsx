import { Trans } from '@lingui/react/macro';
import { PlusIcon } from 'lucide-react';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CreateCampaignDialog } from '#client/features/campaigns/index.ts';
import { RoleLocked } from '#client/features/organization/index.ts';

const CreateFirst = () => (
  <>
    <PlusIcon aria-hidden /> <Trans>Create your first campaign</Trans>
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
      <p className="font-medium">
        <Trans>No campaigns found</Trans>
      </p>
      <p className="text-sm text-muted-foreground">
        <Trans>Create your first campaign to get started</Trans>
      </p>
      <p className="text-sm text-muted-foreground">
        <Trans>
          A campaign holds the images, videos and texts your supporters share. Create one, add an asset to it,
          then send its supporter link to the people who back you.
        </Trans>
      </p>
      <RoleLocked needs="editor" label={<CreateFirst />}>
        <CreateCampaignDialog
          orgId={orgId}
          onCreated={onCreated}
          trigger={
            <Button>
              <CreateFirst />
            </Button>
          }
        />
      </RoleLocked>
    </div>
  );
}
