import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { BrandingSettings } from './settings/branding-settings.tsx';
import { EmbedSettings } from './settings/embed-settings.tsx';
import { GeneralSettings } from './settings/general-settings.tsx';
import { NotificationSettings } from './settings/notification-settings.tsx';
import { PermissionsSettings } from './settings/permissions-settings.tsx';

export default function SettingsPage() {
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Settings</h1>
        <p className="text-muted-foreground">Manage your organization's preferences.</p>
      </div>
      <Tabs defaultValue="general">
        <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-auto">
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="branding">Branding</TabsTrigger>
          <TabsTrigger value="permissions">Permissions</TabsTrigger>
          <TabsTrigger value="embed">Embed</TabsTrigger>
        </TabsList>
        <TabsContent value="general" className="pt-4">
          <GeneralSettings />
        </TabsContent>
        <TabsContent value="notifications" className="pt-4">
          <NotificationSettings />
        </TabsContent>
        <TabsContent value="branding" className="pt-4">
          <BrandingSettings />
        </TabsContent>
        <TabsContent value="permissions" className="pt-4">
          <PermissionsSettings />
        </TabsContent>
        <TabsContent value="embed" className="pt-4">
          <EmbedSettings />
        </TabsContent>
      </Tabs>
    </main>
  );
}
