import { useLingui } from '@lingui/react/macro';
import type { SupporterAsset, VisitorScheduledShare } from '#shared/schemas/shares.ts';
import { LightTabs } from '#client/components/ui/light-tabs.tsx';
import type { SupporterCampaign } from '#shared/schemas/shares.ts';
import { ImpactTab } from './impact-tab.tsx';
import { PersonalizeTab } from './personalize-tab.tsx';
import { ScheduleTab } from './schedule-tab.tsx';
import { ShareTab } from './share-tab.tsx';

export function DesktopView({
  data,
  onShare,
  onSchedule,
}: {
  data: SupporterCampaign;
  onShare: (asset: SupporterAsset, personalize?: boolean) => void;
  onSchedule: (asset: SupporterAsset | null, previous?: VisitorScheduledShare) => void;
}) {
  const { t } = useLingui();
  return (
    <LightTabs
      label={t`Supporter tools`}
      defaultValue="share"
      className="space-y-4"
      tabs={[
        {
          value: 'share',
          label: t`Share`,
          content: () => (
            <ShareTab campaign={data.campaign} assets={data.assets} onShare={(a) => onShare(a)} />
          ),
        },
        {
          value: 'personalize',
          label: t`Personalize`,
          content: () => (
            <PersonalizeTab campaign={data.campaign} assets={data.assets} onPick={(a) => onShare(a, true)} />
          ),
        },
        { value: 'impact', label: t`My Impact`, content: () => <ImpactTab campaignId={data.campaign.id} /> },
        {
          value: 'schedule',
          label: t`Schedule`,
          content: () => (
            <ScheduleTab campaign={data.campaign} assets={data.assets} onSchedule={onSchedule} />
          ),
        },
      ]}
    />
  );
}
