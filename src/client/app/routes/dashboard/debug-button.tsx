import { useLingui } from '@lingui/react/macro';
import { BugIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useCreateTestContent } from './create-test-content.ts';

/** 'Debug': creates a test campaign with one asset in the caller's organisation. */
export function DebugButton({ onCreated }: { onCreated?: (campaignId: number) => void }) {
  const create = useCreateTestContent();
  const { t } = useLingui();
  const run = () =>
    create.mutate(undefined, {
      onSuccess: ({ campaign, asset }) => {
        const name = campaign.name;
        const title = asset.title;
        toast({
          title: t`Test Content Created`,
          description: t`Created campaign "${name}" with asset "${title}"`,
        });
        onCreated?.(campaign.id);
      },
      onError: (err) => {
        console.error('Failed to create test content', err);
        toast({
          title: t`Error`,
          description: t`Failed to create test content. See console for details.`,
          variant: 'destructive',
        });
      },
    });
  return (
    <Button variant="outline" onClick={run} disabled={create.isPending}>
      <BugIcon aria-hidden /> {create.isPending ? t`Creating...` : t`Debug`}
    </Button>
  );
}
