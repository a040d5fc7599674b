import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input, Textarea } from '#client/components/ui/input.tsx';
import { useOrganization } from '#client/features/organization/index.ts';

export function GeneralSettings() {
  const { data: org, isError } = useOrganization();
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Organization Profile</CardTitle>
          <CardDescription>How your organization appears to supporters.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {isError && <p className="text-sm text-destructive">Failed to fetch organization</p>}
          <FormField id="settings-org-name" label="Organization Name">
            <Input id="settings-org-name" defaultValue={org?.name ?? ''} key={org?.name} />
          </FormField>
          <FormField id="settings-org-username" label="Organization Username">
            <Input
              id="settings-org-username"
              defaultValue={org?.username ?? ''}
              key={org?.username}
              readOnly
            />
          </FormField>
          <FormField id="settings-org-website" label="Website">
            <Input id="settings-org-website" type="url" placeholder="https://example.org" />
          </FormField>
          <FormField id="settings-org-description" label="Description">
            <Textarea
              id="settings-org-description"
              defaultValue={org?.description ?? ''}
              key={org?.description}
            />
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Contact Information</CardTitle>
          <CardDescription>Where supporters and partners can reach you.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id="settings-contact-email" label="Contact Email">
            <Input id="settings-contact-email" type="email" placeholder="hello@example.org" />
          </FormField>
          <FormField id="settings-contact-phone" label="Phone Number">
            <Input id="settings-contact-phone" type="tel" placeholder="+1 555 0100" />
          </FormField>
          <div className="sm:col-span-2">
            <FormField id="settings-contact-address" label="Address">
              <Textarea id="settings-contact-address" rows={2} />
            </FormField>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
