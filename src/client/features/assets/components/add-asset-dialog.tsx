import { PlusIcon } from 'lucide-react';
import type { AssetFormInput } from '#shared/schemas/assets.ts';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { FormDialog } from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { creationFailure } from '#client/lib/creation-error.ts';
import { useCreateAsset } from '../api/create-asset.ts';
import { AssetForm } from './asset-form.tsx';

const defaults: AssetFormInput = {
  title: '',
  description: '',
  type: 'image',
  content: '',
  shareText: '',
  variants: [],
};
/** The 'Add Asset' button and its dialog: title, description, type, and the content or media. */
export function AddAssetDialog({
  campaignId,
  organizationId,
  triggerProps,
}: {
  campaignId: number;
  organizationId: number;
  triggerProps?: ButtonProps;
}) {
  return (
    <FormDialog
      trigger={
        <Button size="sm" {...triggerProps}>
          <PlusIcon aria-hidden /> Add Asset
        </Button>
      }
      title="Add Asset"
      description="Add an image, video or text for supporters to share."
    >
      {(close) => <AddAssetForm campaignId={campaignId} organizationId={organizationId} onDone={close} />}
    </FormDialog>
  );
}

function AddAssetForm(props: { campaignId: number; organizationId: number; onDone: () => void }) {
  const createAsset = useCreateAsset();
  return (
    <AssetForm
      initial={defaults}
      submitLabel="Create Asset"
      pendingLabel="Creating..."
      pending={createAsset.isPending}
      onSubmit={(values) =>
        createAsset.mutate(
          { ...values, campaignId: props.campaignId, organizationId: props.organizationId },
          {
            onSuccess: () => {
              toast({
                title: 'Asset created',
                description: 'Your asset has been created and saved successfully',
              });
              props.onDone();
            },
            onError: (err) => toast({ ...creationFailure(err, 'asset'), variant: 'destructive' }),
          },
        )
      }
    />
  );
}
