import { Trans } from '@lingui/react/macro';
import { LayoutTemplateIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';

export function TemplatesTab() {
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <LayoutTemplateIcon aria-hidden className="size-5 text-primary" /> <Trans>Campaign Templates</Trans>
        </h2>
        <CardDescription>
          <Trans>
            Start faster with a ready-made campaign: follower growth, awareness series, fundraising drives and
            advocacy actions come with starter assets you can share straight away or adapt.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/templates">
            <Trans>Choose a Template</Trans>
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
