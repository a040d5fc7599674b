import { Tabs, TabsContent } from '#client/components/ui/tabs.tsx';
import { TabsListOf } from '#client/components/ui/tabs-list-of.tsx';
import { useOrgId } from '#client/features/auth/index.ts';
import { useCampaigns } from '#client/features/campaigns/index.ts';
import {
  BrandingSettings,
  EmbedSettings,
  GeneralSettings,
  NotificationSettings,
  PermissionsSettings,
  PrivacySettings,
} from '#client/features/organization/index.ts';

/** The Embed tab: the organisation's embed settings, with its campaigns to make a snippet for. */
function EmbedTab() {
  const campaigns = useCampaigns(useOrgId());
  return <EmbedSettings campaigns={{ list: campaigns.data ?? [], loading: campaigns.isPending }} />;
}

/** The settings tabs in the order they show. */
const TABS = [
  { value: 'general', label: 'General', Panel: GeneralSettings },
  { value: 'notifications', label: 'Notifications', Panel: NotificationSettings },
  { value: 'branding', label: 'Branding', Panel: BrandingSettings },
  { value: 'permissions', label: 'Permissions', Panel: PermissionsSettings },
  { value: 'embed', label: 'Embed', Panel: EmbedTab },
  { value: 'privacy', label: 'Privacy', Panel: PrivacySettings },
];

export default function SettingsPage() {
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Settings</h1>
        <p className="text-muted-foreground">Manage your organization's preferences.</p>
      </div>
      <Tabs defaultValue="general">
        <TabsListOf tabs={TABS} className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-auto" />
        {/* A panel's sections stand apart the same way on every tab. */}
        {TABS.map(({ value, Panel }) => (
          <TabsContent key={value} value={value} className="space-y-6 pt-4">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </main>
  );
}
