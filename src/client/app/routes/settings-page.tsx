import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Tabs, TabsContent } from '#client/components/ui/tabs.tsx';
import { TabsListOf } from '#client/components/ui/tabs-list-of.tsx';
import { useOrgId } from '#client/features/auth/index.ts';
import { useCampaigns } from '#client/features/campaigns/index.ts';
import {
  BrandingSettings,
  EmbedSettings,
  GeneralSettings,
  GuardrailSettings,
  IntegrationsSettings,
  NotificationSettings,
  PermissionsSettings,
  PrivacySettings,
  useRole,
} from '#client/features/organization/index.ts';

/** The Embed tab: the organisation's embed settings, with its campaigns to make a snippet for. */
function EmbedTab() {
  const campaigns = useCampaigns(useOrgId());
  return <EmbedSettings campaigns={{ list: campaigns.data ?? [], loading: campaigns.isPending }} />;
}

/** The settings tabs in the order they show; `admin` ones only admins see (the server refuses others). */
const TABS: { value: string; label: MessageDescriptor; Panel: () => React.ReactNode; admin?: boolean }[] = [
  { value: 'general', label: msg`General`, Panel: GeneralSettings },
  { value: 'notifications', label: msg`Notifications`, Panel: NotificationSettings },
  { value: 'branding', label: msg`Branding`, Panel: BrandingSettings },
  { value: 'permissions', label: msg`Permissions`, Panel: PermissionsSettings },
  { value: 'embed', label: msg`Embed`, Panel: EmbedTab },
  { value: 'privacy', label: msg`Privacy`, Panel: PrivacySettings },
  { value: 'integrations', label: msg`Integrations`, Panel: IntegrationsSettings, admin: true },
  { value: 'guardrails', label: msg`Guardrails`, Panel: GuardrailSettings, admin: true },
];

export default function SettingsPage() {
  const { i18n } = useLingui();
  const { can } = useRole();
  const shown = TABS.filter((tab) => !tab.admin || can('admin'));
  const tabs = shown.map((tab) => ({ ...tab, label: i18n._(tab.label) }));
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">
          <Trans>Settings</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Manage your organization's preferences.</Trans>
        </p>
      </div>
      <Tabs defaultValue="general">
        <TabsListOf tabs={tabs} className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-auto" />
        {/* A panel's sections stand apart the same way on every tab. */}
        {shown.map(({ value, Panel }) => (
          <TabsContent key={value} value={value} className="space-y-6 pt-4">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </main>
  );
}
