import { Trans, useLingui } from '@lingui/react/macro';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { MAX_VARIANTS } from '#shared/constants.ts';
import type { AssetFormInput } from '#shared/schemas/assets.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { ShareTextCounter } from '#client/features/previews/index.ts';

/**
 * The asset's share-text variants (A/B test): up to four alternative texts. Each
 * supporter is shown one of them, always the same one, and the analytics compare how
 * often each is shared. Each has the same per-platform length counter as the share text.
 */
export function VariantsField(props: {
  id: string;
  control: Control<AssetFormInput>;
  register: UseFormRegister<AssetFormInput>;
  errors: FieldErrors<AssetFormInput>;
  sampleLink: string;
  /** A variant as posted (with the campaign's disclosure line), for its length counter. */
  posted: (text: string) => string;
}) {
  const { t, i18n } = useLingui();
  const { id, control, register, errors } = props;
  const max = i18n.number(MAX_VARIANTS);
  const { fields, append, remove } = useFieldArray({ control, name: 'variants' });
  const values = useWatch({ control, name: 'variants' }) ?? [];
  const listError = errors.variants?.message ?? errors.variants?.root?.message;
  return (
    <fieldset className="space-y-3 rounded-md border p-3" aria-describedby={`${id}-help`}>
      <legend className="px-1 text-sm font-medium">
        <Trans>Share-text variants (A/B test)</Trans>
      </legend>
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        <Trans>
          Up to {max} alternative texts. Each supporter is shown one of them, always the same one, and the
          campaign's analytics compare how often each is shared.
        </Trans>
      </p>
      {fields.map((field, i) => {
        const fieldId = `${id}-${i}`;
        const error = errors.variants?.[i]?.text?.message;
        const number = i18n.number(i + 1);
        return (
          <FormField key={field.id} id={fieldId} label={t`Variant ${number}`} error={error}>
            <Textarea
              dir="auto"
              rows={2}
              {...fieldAria(fieldId, error)}
              aria-describedby={[error && `${fieldId}-error`, `${fieldId}-lengths`].filter(Boolean).join(' ')}
              {...register(`variants.${i}.text` as const)}
            />
            <div className="flex items-start justify-between gap-2">
              <ShareTextCounter
                id={`${fieldId}-lengths`}
                text={props.posted(values[i]?.text ?? '')}
                url={props.sampleLink}
              />
              <Button type="button" size="sm" variant="ghost" onClick={() => remove(i)}>
                <Trash2Icon aria-hidden />{' '}
                <Trans>
                  Remove<span className="sr-only"> variant {number}</span>
                </Trans>
              </Button>
            </div>
          </FormField>
        );
      })}
      {listError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {listError}
        </p>
      )}
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={fields.length >= MAX_VARIANTS}
        onClick={() => append({ text: '' })}
      >
        <PlusIcon aria-hidden /> <Trans>Add variant</Trans>
      </Button>
    </fieldset>
  );
}
