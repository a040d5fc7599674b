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
  return (
    <LightTabs
      label="Supporter tools"
      defaultValue="share"
      className="space-y-4"
      tabs={[
        {
          value: 'share',
          label: 'Share',
          content: () => (
            <ShareTab campaign={data.campaign} assets={data.assets} onShare={(a) => onShare(a)} />
          ),
        },
        {
          value: 'personalize',
          label: 'Personalize',
          content: () => (
            <PersonalizeTab campaign={data.campaign} assets={data.assets} onPick={(a) => onShare(a, true)} />
          ),
        },
        { value: 'impact', label: 'My Impact', content: () => <ImpactTab campaignId={data.campaign.id} /> },
        {
          value: 'schedule',
          label: 'Schedule',
          content: () => (
            <ScheduleTab campaign={data.campaign} assets={data.assets} onSchedule={onSchedule} />
          ),
        },
      ]}
    />
  );
}
