import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { SectionCard } from '#client/components/ui/card.tsx';
import { useOrganization } from '../api/get-organization.ts';
import { useRole } from '../hooks/use-role.ts';
import { ApiKeysCard } from './api-keys-card.tsx';
import { InvitationsCard } from './invitations-card.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { MembersCard } from './members-card.tsx';
import { SettingSwitch } from './setting-switch.tsx';
import { WithSettings } from './settings-state.tsx';
import { useSaveSettings } from '../hooks/use-save-settings.ts';

export function PermissionsSettings() {
  const { t } = useLingui();
  const { can } = useRole();
  const { data: org } = useOrganization();
  return (
    <>
      <WithSettings>
        {(settings, canChange) => (
          <>
            <SupporterData initial={settings.supporters.collectInfo} canChange={canChange} />
            <ReviewRequired initial={settings.review.required} canChange={canChange} />
          </>
        )}
      </WithSettings>
      <MembersCard invite={<InviteDialog />} orgName={org?.name ?? t`this organization`} />
      {can('admin') && <InvitationsCard />}
      <ApiKeysCard />
    </>
  );
}

/** The supporter-information switch: saved as it is flipped, back when the server refuses. */
function SupporterData({ initial, canChange }: { initial: boolean; canChange: boolean }) {
  const [on, setOn] = useState(initial);
  const { save } = useSaveSettings();
  const { t } = useLingui();
  return (
    <SectionCard title={t`Supporter Data`} description={t`What you ask of supporters when they share.`}>
      <SettingSwitch
        label={t`Collect Supporter Information`}
        description={t`Offer supporters an optional name field (with a consent line); a supporter who gives it is named in your analytics instead of a pseudonym.`}
        checked={on}
        disabled={!canChange}
        onCheckedChange={(next) => {
          setOn(next);
          save({ supporters: { collectInfo: next } }, { onFailed: () => setOn(!next) });
        }}
      />
    </SectionCard>
  );
}

/** Review before publishing: editors' public changes wait for an admin or a reviewer. */
function ReviewRequired({ initial, canChange }: { initial: boolean; canChange: boolean }) {
  const [on, setOn] = useState(initial);
  const { save } = useSaveSettings();
  const { t } = useLingui();
  return (
    <SectionCard
      title={t`Review Before Publishing`}
      description={t`A second pair of eyes on what supporters see.`}
    >
      <SettingSwitch
        label={t`Editors' changes need a review`}
        description={t`An editor's new campaign, new assets and changes to published words wait until an admin or a reviewer approves them. Let editors review in Team Members.`}
        checked={on}
        disabled={!canChange}
        onCheckedChange={(next) => {
          setOn(next);
          save({ review: { required: next } }, { onFailed: () => setOn(!next) });
        }}
      />
    </SectionCard>
  );
}
