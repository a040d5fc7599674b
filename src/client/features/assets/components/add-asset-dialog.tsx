import { reviewAware } from '#client/lib/review-toast.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { PlusIcon } from 'lucide-react';
import type { AssetFormInput } from '#shared/schemas/assets.ts';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { FormDialog } from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { creationFailure } from '#client/lib/creation-error.ts';
import { useCampaign } from '#client/features/campaigns/index.ts';
import { useCreateAsset } from '../api/create-asset.ts';
import { AssetForm } from './asset-form.tsx';
import { newTranslations } from './translations-field.tsx';

const defaults: AssetFormInput = {
  title: '',
  description: '',
  type: 'image',
  content: '',
  shareText: '',
  altText: '',
  variants: [],
  textEditable: false,
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
  const { t } = useLingui();
  return (
    <FormDialog
      trigger={
        <Button size="sm" {...triggerProps}>
          <PlusIcon aria-hidden /> <Trans>Add Asset</Trans>
        </Button>
      }
      title={t`Add Asset`}
      description={t`Add an image, video or text for supporters to share.`}
    >
      {(close) => <AddAssetForm campaignId={campaignId} organizationId={organizationId} onDone={close} />}
    </FormDialog>
  );
}

function AddAssetForm(props: { campaignId: number; organizationId: number; onDone: () => void }) {
  const { t } = useLingui();
  const createAsset = useCreateAsset();
  // Its languages: a campaign in several asks for the asset's words in each.
  const campaign = useCampaign(props.campaignId).data;
  return (
    <AssetForm
      campaign={campaign}
      initial={defaults}
      submitLabel={t`Create Asset`}
      pendingLabel={t`Creating...`}
      pending={createAsset.isPending}
      onSubmit={(values) =>
        createAsset.mutate(
          {
            ...values,
            altText: values.type === 'image' ? values.altText?.trim() || undefined : undefined,
            translations: newTranslations(values.translations, campaign, values.type),
            campaignId: props.campaignId,
            organizationId: props.organizationId,
          },
          {
            onSuccess: (answer) => {
              toast(
                reviewAware({
                  title: t`Asset created`,
                  description: t`Your asset has been created and saved successfully`,
                })(answer),
              );
              props.onDone();
            },
            onError: (err) => toast({ ...creationFailure(err, 'asset'), variant: 'destructive' }),
          },
        )
      }
    />
  );
}
