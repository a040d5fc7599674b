import { Copy, RefreshCw, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useCopied } from '#client/lib/use-copied.ts';
import { SettingSwitch } from './setting-switch.tsx';

// Sample team and key: this screen is a static preview; nothing here is saved or enforced.
const TEAM = [
  { name: 'Jordan Lee', email: 'jordan@example.org', role: 'Admin' },
  { name: 'Sam Rivera', email: 'sam@example.org', role: 'Editor' },
  { name: 'Alex Kim', email: 'alex@example.org', role: 'Viewer' },
];

const sampleKey = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `rk_demo_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
};

export function PermissionsSettings() {
  const [collectInfo, setCollectInfo] = useState(true);
  const [apiEnabled, setApiEnabled] = useState(true);
  const [apiKey, setApiKey] = useState(sampleKey);
  const { copied, copy } = useCopied({ title: 'API key copied!' });

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Supporter Data</CardTitle>
          <CardDescription>What you ask of supporters when they share.</CardDescription>
        </CardHeader>
        <CardContent>
          <SettingSwitch
            label="Collect Supporter Information"
            description="Ask supporters for optional details when they share a campaign."
            checked={collectInfo}
            onCheckedChange={setCollectInfo}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
          <div className="space-y-1.5">
            <CardTitle>Team Members</CardTitle>
            <CardDescription>People who can manage your campaigns.</CardDescription>
          </div>
          <Button size="sm">
            <UserPlus aria-hidden="true" />
            Invite Team Member
          </Button>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-border">
            {TEAM.map((m) => (
              <li key={m.email} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{m.name}</p>
                  <p className="truncate text-sm text-muted-foreground">{m.email}</p>
                </div>
                <Badge variant={m.role === 'Admin' ? 'default' : 'secondary'}>{m.role}</Badge>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>API Access</CardTitle>
          <CardDescription>Connect Rally to your other tools.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <SettingSwitch
            label="Enable API Access"
            description="Allow requests signed with the key below."
            checked={apiEnabled}
            onCheckedChange={setApiEnabled}
          />
          <div className="space-y-1.5">
            <Label htmlFor="settings-api-key">API Key</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id="settings-api-key"
                value={apiKey}
                readOnly
                className="font-mono"
                disabled={!apiEnabled}
              />
              <div className="flex gap-2">
                <Button variant="outline" onClick={() => void copy(apiKey)} disabled={!apiEnabled}>
                  <Copy aria-hidden="true" />
                  {copied ? 'Copied!' : 'Copy'}
                </Button>
                <Button variant="outline" onClick={() => setApiKey(sampleKey())} disabled={!apiEnabled}>
                  <RefreshCw aria-hidden="true" />
                  Regenerate
                </Button>
              </div>
            </div>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
