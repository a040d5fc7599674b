import { Trash2Icon } from 'lucide-react';
import type { Asset } from '#shared/schemas/assets.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
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
        remove.mutateAsync(
          undefined,
          toastOutcome(
            { title: 'Asset deleted', description: `"${asset.title}" has been removed` },
            'Failed to delete asset',
          ),
        )
      }
    />
  );
}
