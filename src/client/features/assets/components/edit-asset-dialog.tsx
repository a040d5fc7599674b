import { Trans, useLingui } from '@lingui/react/macro';
import { PencilIcon } from 'lucide-react';
import type { Asset, AssetFormInput, UpdateAssetInput } from '#shared/schemas/assets.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormDialog } from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { saveChanges } from '#client/lib/save-changes.ts';
import { useCampaign } from '#client/features/campaigns/index.ts';
import { useUpdateAsset } from '../api/update-asset.ts';
import { AssetForm } from './asset-form.tsx';
import { changedTranslations, formWords, otherLanguages } from './translations-field.tsx';

/** An asset card's 'Edit': the add-asset form, filled in, saving only what changed. */
export function EditAssetDialog({ asset }: { asset: Asset }) {
  const { t } = useLingui();
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="ghost">
          <PencilIcon aria-hidden /> <Trans>Edit</Trans>
          <span className="sr-only"> {asset.title}</span>
        </Button>
      }
      title={t`Edit asset`}
      description={t`Supporters see the new version on the campaign page straight away.`}
    >
      {(close) => <EditAssetForm asset={asset} onDone={close} />}
    </FormDialog>
  );
}

function EditAssetForm({ asset, onDone }: { asset: Asset; onDone: () => void }) {
  const { t } = useLingui();
  const update = useUpdateAsset(asset.id);
  const campaignQuery = useCampaign(asset.campaignId);
  // Without its languages the form would show the stored translations blank (and send
  // them so); on a failed read it edits the default language's words alone.
  const campaign = campaignQuery.data;
  const initial: AssetFormInput = {
    title: asset.title,
    description: asset.description ?? '',
    type: asset.type,
    content: asset.content,
    shareText: asset.shareText ?? '',
    altText: asset.altText ?? '',
    textEditable: asset.textEditable,
    variants: (asset.variants ?? []).map(({ id, text }) => ({ id, text })),
    translations: Object.fromEntries(
      otherLanguages(campaign).map((l) => [l, formWords(asset.translations?.[l])]),
    ),
  };
  const save = (values: AssetFormInput) => {
    const changes: UpdateAssetInput = {};
    if (values.title.trim() !== initial.title) changes.title = values.title;
    if ((values.description ?? '').trim() !== (initial.description ?? '').trim())
      changes.description = values.description?.trim() || null;
    if (values.type !== initial.type) changes.type = values.type;
    if (values.content.trim() !== initial.content.trim()) changes.content = values.content;
    if (values.type !== 'text' && (values.shareText ?? '').trim() !== (initial.shareText ?? '').trim())
      changes.shareText = values.shareText?.trim() || null;
    if (values.type === 'image' && (values.altText ?? '').trim() !== (initial.altText ?? '').trim())
      changes.altText = values.altText?.trim() || null;
    if (Boolean(values.textEditable) !== initial.textEditable)
      changes.textEditable = Boolean(values.textEditable);
    const translations = changedTranslations(values.translations, asset.translations, campaign, values.type);
    if (translations) changes.translations = translations;
    const variants = (values.variants ?? []).map((v) => ({ text: v.text.trim() }));
    if (variants.map((v) => v.text).join('\n') !== (initial.variants ?? []).map((v) => v.text).join('\n'))
      changes.variants = variants;
    saveChanges(
      update,
      changes,
      {
        success: { title: t`Asset updated`, description: t`Your changes have been saved` },
        failTitle: t`Failed to update asset`,
      },
      onDone,
    );
  };
  if (campaignQuery.isPending) return <Spinner />;
  return (
    <AssetForm
      campaign={campaign}
      initial={initial}
      submitLabel={t`Save changes`}
      pendingLabel={t`Saving...`}
      pending={update.isPending}
      onSubmit={save}
    />
  );
}
