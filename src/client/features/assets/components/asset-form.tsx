import { useLingui } from '@lingui/react/macro';
import { DownloadIcon } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import type { Locale } from '#shared/locales.ts';
import {
  type AssetFormInput,
  assetFormSchema,
  mediaContentError,
  type UploadedFile,
} from '#shared/schemas/assets.ts';
import { AssetMedia } from '#client/components/asset-media.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CheckLine } from '#client/components/ui/check-line.tsx';
import { FormField, FormSubmit, fieldAria, SelectField } from '#client/components/ui/form-field.tsx';
import { NameAndDescriptionFields } from '#client/components/ui/name-and-description-fields.tsx';
import { Input, Textarea } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { ShareTextCounter } from '#client/features/previews/index.ts';
import { composeShareText } from '#shared/share-text.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useUploadFromUrl } from '../api/upload-from-url.ts';
import { useFileUpload } from '../hooks/use-file-upload.ts';
import { FileUploadField } from './file-upload-field.tsx';
import {
  type AssetLanguages,
  firstWithError,
  otherLanguages,
  TranslationsField,
} from './translations-field.tsx';
import { VariantsField } from './variants-field.tsx';

/** A tracked link as long as a real one, for the length counter (X and Mastodon count any link as 23). */
const SAMPLE_LINK = `${typeof location === 'undefined' ? 'https://example.org' : location.origin}/supporter/1000?ref=XXXXXXXXXXXX&a=1000`;

/**
 * The asset form of the add and edit dialogs: title, description, type, and the text
 * or the media (a link, fetched from a URL, or an uploaded file). A picked but not yet
 * uploaded file is uploaded first, so one click on the submit button is enough.
 */
/** A text field's descriptions, then its length on each platform (the counter below it, `<id>-lengths`). */
const withLengths = (aria: ReturnType<typeof fieldAria>) =>
  [aria['aria-describedby'], `${aria.id}-lengths`].filter(Boolean).join(' ');

export function AssetForm(props: {
  initial: AssetFormInput;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: AssetFormInput) => void;
  /** The campaign's languages: in more than one, the asset's words in each other are asked for too. */
  campaign?: AssetLanguages;
}) {
  const { t } = useLingui();
  const uid = useId();
  const ids = {
    type: `${uid}-type`,
    content: `${uid}-content`,
    shareText: `${uid}-share-text`,
    altText: `${uid}-alt-text`,
    variants: `${uid}-variants`,
    textEditable: `${uid}-text-editable`,
  };
  const form = useSchemaForm(assetFormSchema, props.initial);
  const { register, handleSubmit, formState, watch, setValue, getValues } = form;
  const errors = formState.errors;
  const type = watch('type');
  const content = watch('content');
  const shareText = watch('shareText') ?? '';
  const isMedia = type === 'image' || type === 'video';

  const fromUrl = useUploadFromUrl();
  const upload = useFileUpload();

  const onTypeChange = (e: ChangeEvent<HTMLSelectElement>) => {
    const next = e.target.value as AssetFormInput['type'];
    // A URL makes no sense as text content and vice versa.
    if ((next === 'text') !== (type === 'text')) setValue('content', '');
    upload.clear();
    setValue('type', next, { shouldValidate: formState.isSubmitted });
  };

  /** An uploaded file's URL goes into the content field. */
  const takeFile = (file: UploadedFile) => setValue('content', file.url, { shouldValidate: true });

  /** Uploads the picked file and puts its URL into the content field; null on failure. */
  const uploadPicked = async (): Promise<string | null> => {
    const file = await upload.upload();
    if (file) takeFile(file);
    return file?.url ?? null;
  };

  const fetchFromUrl = () => {
    const url = getValues('content').trim();
    if (!url) {
      toast({ title: t`Please enter a URL to download`, variant: 'destructive' });
      return;
    }
    fromUrl.mutate(url, {
      onSuccess: (file) => {
        setValue('content', file.url, { shouldValidate: true });
        toast({ title: t`Success`, description: t`Image downloaded successfully` });
      },
      onError: (err) =>
        toast({
          title: t`Download failed`,
          description: errorMessage(err, t`Could not download from URL`),
          variant: 'destructive',
        }),
    });
  };

  const others = otherLanguages(props.campaign);
  // What a post of these words carries: the campaign's disclosure line too (share-text.ts).
  const posted = (words: string) =>
    composeShareText({ type: 'text', content: words }, { name: '', disclosure: props.campaign?.disclosure });
  const [tab, setTab] = useState<Locale | undefined>(others[0]);
  // A refused translation may be in a language whose tab is not shown: show it.
  const onSubmit = handleSubmit(
    (values) => props.onSubmit(values),
    (invalid) => {
      const locale = firstWithError(invalid, others);
      if (locale) setTab(locale);
    },
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isMedia && upload.picked && !getValues('content').trim()) {
      const url = await uploadPicked();
      if (!url) return;
    }
    await onSubmit();
  };

  const busy = upload.uploading || props.pending || fromUrl.isPending;
  // A video site's page plays nothing: no dead player, the field says why on submit.
  const showPreview = isMedia && content && !mediaContentError(type, content.trim());

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <NameAndDescriptionFields uid={uid} name="title" label={t`Title`} register={register} errors={errors} />
      <SelectField
        id={ids.type}
        label={t`Asset type`}
        error={errors.type?.message}
        {...register('type')}
        onChange={onTypeChange}
      >
        <option value="image">{t`Image`}</option>
        <option value="video">{t`Video`}</option>
        <option value="text">{t`Text`}</option>
      </SelectField>

      {isMedia ? (
        <>
          <FormField
            id={ids.content}
            label={type === 'image' ? t`Image URL` : t`Video URL`}
            error={errors.content?.message}
            help={
              type === 'image'
                ? t`Paste a link, fetch it to keep a copy, or upload a file below.`
                : t`Paste a link to the video file (not a YouTube or Vimeo page), fetch it to keep a copy, or upload a file below.`
            }
          >
            <div className="flex gap-2">
              <Input
                type="url"
                inputMode="url"
                placeholder="https://"
                dir="ltr"
                {...fieldAria(ids.content, errors.content?.message, 'help')}
                {...register('content')}
              />
              <Button type="button" variant="outline" onClick={fetchFromUrl} disabled={busy}>
                <DownloadIcon aria-hidden /> {fromUrl.isPending ? t`Fetching...` : t`Fetch from URL`}
              </Button>
            </div>
          </FormField>
          <FileUploadField
            label={t`Upload a file`}
            accept={type === 'image' ? 'image/*' : 'video/*'}
            flow={upload}
            disabled={busy}
            onUploaded={takeFile}
          />
          {showPreview && (
            <AssetMedia asset={{ type, content: content.trim() }} label={t`Asset preview`} compact />
          )}
          <FormField
            id={ids.shareText}
            label={t`Share text`}
            error={errors.shareText?.message}
            help={t`What supporters post with this asset, before the campaign link. The title stays internal; left blank, the description is posted, else the campaign's description.`}
          >
            <Textarea
              dir="auto"
              rows={3}
              {...fieldAria(ids.shareText, errors.shareText?.message, 'help')}
              aria-describedby={withLengths(fieldAria(ids.shareText, errors.shareText?.message, 'help'))}
              {...register('shareText')}
            />
            <ShareTextCounter
              id={`${ids.shareText}-lengths`}
              text={posted(shareText.trim() || getValues('title'))}
              url={SAMPLE_LINK}
            />
          </FormField>
          {type === 'image' && (
            <FormField
              id={ids.altText}
              label={t`Alt text (optional)`}
              error={errors.altText?.message}
              help={t`What the image shows, for people who cannot see it. Left blank, the description serves.`}
            >
              <Textarea
                dir="auto"
                rows={2}
                {...fieldAria(ids.altText, errors.altText?.message, 'help')}
                {...register('altText')}
              />
            </FormField>
          )}
        </>
      ) : (
        <FormField id={ids.content} label={t`Content`} error={errors.content?.message}>
          <Textarea
            dir="auto"
            rows={5}
            {...fieldAria(ids.content, errors.content?.message)}
            aria-describedby={withLengths(fieldAria(ids.content, errors.content?.message))}
            {...register('content')}
          />
          {/* A text asset is what supporters post: the same length warning as a share text. */}
          <ShareTextCounter id={`${ids.content}-lengths`} text={posted(content)} url={SAMPLE_LINK} />
        </FormField>
      )}

      {props.campaign && others.length > 0 && (
        <TranslationsField
          uid={uid}
          type={type}
          campaign={props.campaign}
          tab={tab && others.includes(tab) ? tab : others[0]}
          onTab={setTab}
          register={register}
          errors={errors}
        />
      )}

      <VariantsField
        id={ids.variants}
        control={form.control}
        register={register}
        errors={errors}
        sampleLink={SAMPLE_LINK}
        posted={posted}
      />

      <div className="space-y-1">
        <CheckLine
          id={ids.textEditable}
          checked={watch('textEditable') ?? false}
          onChange={(on) => setValue('textEditable', on, { shouldDirty: true })}
        >
          {t`Supporters may edit the words`}
        </CheckLine>
        <p className="text-xs text-muted-foreground">
          {t`Off: supporters only add a personal message above your words, which stay as you wrote them.`}
        </p>
      </div>

      <FormSubmit pending={props.pending} pendingLabel={props.pendingLabel} disabled={busy}>
        {props.submitLabel}
      </FormSubmit>
    </form>
  );
}
