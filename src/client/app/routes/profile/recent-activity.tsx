import { FileText, LogIn, Megaphone, Share2, UserCog } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';

// A fixed sample list: no activity feed exists yet.
const ACTIVITY = [
  { icon: Megaphone, text: 'Created a new campaign', when: '2 hours ago' },
  { icon: FileText, text: 'Added 3 assets to a campaign', when: 'Yesterday' },
  { icon: Share2, text: 'Copied a supporter share link', when: '2 days ago' },
  { icon: UserCog, text: 'Updated profile information', when: 'Last week' },
  { icon: LogIn, text: 'Signed in from a new device', when: 'Last week' },
];

export function RecentActivity() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span>Recent Activity</span>
        </CardTitle>
        <CardDescription>What you have been doing lately.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {ACTIVITY.map(({ icon: Icon, text, when }) => (
            <li key={text} className="flex items-start gap-3">
              <span className="mt-0.5 rounded-full bg-muted p-2">
                <Icon className="size-4 text-primary" aria-hidden="true" />
              </span>
              <div>
                <p className="text-sm font-medium">{text}</p>
                <p className="text-xs text-muted-foreground">{when}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
