import type { Asset } from '#shared/schemas/assets.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import type { SupporterCampaign } from '../api/get-supporter-campaign.ts';
import { ImpactTab } from './impact-tab.tsx';
import { PersonalizeTab } from './personalize-tab.tsx';
import { ScheduleTab } from './schedule-tab.tsx';
import { ShareTab } from './share-tab.tsx';

export function DesktopView({
  data,
  scheduled,
  onShare,
  onSchedule,
}: {
  data: SupporterCampaign;
  scheduled: Record<number, Date>;
  onShare: (asset: Asset, personalize?: boolean) => void;
  onSchedule: (asset: Asset | null) => void;
}) {
  return (
    <Tabs defaultValue="share" className="space-y-4">
      <TabsList aria-label="Supporter tools">
        <TabsTrigger value="share">Share</TabsTrigger>
        <TabsTrigger value="personalize">Personalize</TabsTrigger>
        <TabsTrigger value="impact">My Impact</TabsTrigger>
        <TabsTrigger value="schedule">Schedule</TabsTrigger>
      </TabsList>
      <TabsContent value="share">
        <ShareTab campaign={data.campaign} assets={data.assets} onShare={(a) => onShare(a)} />
      </TabsContent>
      <TabsContent value="personalize">
        <PersonalizeTab assets={data.assets} onPick={(a) => onShare(a, true)} />
      </TabsContent>
      <TabsContent value="impact">
        <ImpactTab campaignId={data.campaign.id} />
      </TabsContent>
      <TabsContent value="schedule">
        <ScheduleTab assets={data.assets} scheduled={scheduled} onSchedule={onSchedule} />
      </TabsContent>
    </Tabs>
  );
}
