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
          {template.assets.length} starter {template.assets.length === 1 ? 'asset' : 'assets'}
        </p>
        <StarterAssetList assets={template.assets} />
      </CardContent>
      <CardFooter>
        <RoleLocked needs="editor" className="w-full" label="Use this template">
          <Button
            className="w-full"
            onClick={onUse}
            disabled={disabled}
            aria-label={busy ? undefined : `Use this template: ${template.name}`}
          >
            {busy ? 'Creating campaign...' : 'Use this template'}
          </Button>
        </RoleLocked>
      </CardFooter>
    </Card>
  );
}
