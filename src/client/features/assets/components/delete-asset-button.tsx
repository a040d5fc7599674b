import { Trash2Icon } from 'lucide-react';
import type { Asset } from '#shared/schemas/assets.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useDeleteAsset } from '../api/delete-asset.ts';

/** An asset card's 'Delete', after a confirmation that says its numbers are kept. */
export function DeleteAssetButton({ asset }: { asset: Asset }) {
  const remove = useDeleteAsset(asset);
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="ghost" className="text-destructive">
          <Trash2Icon aria-hidden /> Delete
          <span className="sr-only"> {asset.title}</span>
        </Button>
      }
      title="Delete this asset?"
      description={
        <>
          <p>“{asset.title}” leaves the supporter page and the campaign. This cannot be undone.</p>
          <p>Shares and click-throughs it earned stay in your totals and exports.</p>
        </>
      }
      confirmLabel="Delete asset"
      pendingLabel="Deleting..."
      onConfirm={() =>
        remove.mutateAsync(undefined, {
          onSuccess: () =>
            toast({ title: 'Asset deleted', description: `"${asset.title}" has been removed` }),
          onError: (err) =>
            toast({
              title: 'Failed to delete asset',
              description: errorMessage(err, 'Please try again.'),
              variant: 'destructive',
            }),
        })
      }
    />
  );
}
