import { LayoutTemplateIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';

export function TemplatesTab() {
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <LayoutTemplateIcon aria-hidden className="size-5 text-primary" /> Campaign Templates
        </h2>
        <CardDescription>
          Start faster with a ready-made campaign: follower growth, awareness series, fundraising drives and
          advocacy actions come with starter assets you can share straight away or adapt.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/templates">Choose a Template</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
