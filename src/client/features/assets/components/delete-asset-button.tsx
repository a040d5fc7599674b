import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2Icon } from 'lucide-react';
import type { Asset } from '#shared/schemas/assets.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
import { reviewAware } from '#client/lib/review-toast.ts';
import { useDeleteAsset } from '../api/delete-asset.ts';

/** An asset card's 'Delete', after a confirmation that says its numbers are kept. */
export function DeleteAssetButton({ asset }: { asset: Asset }) {
  const { t } = useLingui();
  const title = asset.title;
  const remove = useDeleteAsset(asset);
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="ghost" className="text-destructive">
          <Trash2Icon aria-hidden /> <Trans>Delete</Trans>
          <span className="sr-only"> {asset.title}</span>
        </Button>
      }
      title={t`Delete this asset?`}
      description={
        <>
          <p>
            <Trans>“{title}” leaves the supporter page and the campaign. This cannot be undone.</Trans>
          </p>
          <p>
            <Trans>Shares and click-throughs it earned stay in your totals and exports.</Trans>
          </p>
        </>
      }
      confirmLabel={t`Delete asset`}
      pendingLabel={t`Deleting...`}
      onConfirm={() =>
        remove.mutateAsync(
          undefined,
          toastOutcome(
            reviewAware({ title: t`Asset deleted`, description: t`"${title}" has been removed` }),
            t`Failed to delete asset`,
          ),
        )
      }
    />
  );
}
