import { Plural, useLingui } from '@lingui/react/macro';
import type { Template } from '#shared/schemas/templates.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '#client/components/ui/card.tsx';
import { RoleLocked } from '#client/features/organization/index.ts';
import { StarterAssetList } from './starter-asset-list.tsx';

export function TemplateCard({
  template,
  busy,
  disabled,
  onUse,
}: {
  template: Template;
  busy: boolean;
  disabled: boolean;
  onUse: () => void;
}) {
  const { t } = useLingui();
  const name = template.name;
  const count = template.assets.length;
  return (
    <Card className="flex flex-col" data-testid="template-card">
      <CardHeader>
        <h3 className="text-lg font-semibold" dir="auto">
          {template.name}
        </h3>
        <CardDescription dir="auto">{template.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="mb-1 text-xs font-medium uppercase text-muted-foreground">
          <Plural value={count} one="# starter asset" other="# starter assets" />
        </p>
        <StarterAssetList assets={template.assets} />
      </CardContent>
      <CardFooter>
        <RoleLocked needs="editor" className="w-full" label={t`Use this template`}>
          <Button
            className="w-full"
            onClick={onUse}
            disabled={disabled}
            aria-label={busy ? undefined : t`Use this template: ${name}`}
          >
            {busy ? t`Creating campaign...` : t`Use this template`}
          </Button>
        </RoleLocked>
      </CardFooter>
    </Card>
  );
}
