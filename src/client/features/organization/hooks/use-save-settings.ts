import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { FieldError, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { UpdateSettingsInput } from '#shared/schemas/settings.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage, fieldErrorsOf } from '#client/lib/api-client.ts';
import { toastFirstError, useSchemaForm } from '#client/lib/use-schema-form.ts';
import { useUpdateSettings } from '../api/settings.ts';

/** Field messages of a 400, keyed by the field's name inside its section ('branding.primaryColor' -> 'primaryColor'). */
function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fieldErrorsOf(err)) {
    const field = e.path.split('.').at(-1);
    if (field && !out[field]) out[field] = e.message;
  }
  return out;
}

/**
 * Saves part of the settings: 'Settings saved' on success; on failure the server's
 * message as a toast and on the fields it names.
 */
export function useSaveSettings() {
  const mutation = useUpdateSettings();
  const { t } = useLingui();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = (input: UpdateSettingsInput, then: { onSaved?: () => void; onFailed?: () => void } = {}) => {
    setErrors({});
    mutation.mutate(input, {
      onSuccess: () => {
        toast({ title: t`Settings saved`, variant: 'success' });
        then.onSaved?.();
      },
      onError: (err) => {
        setErrors(fieldErrors(err));
        toast({
          title: t`Settings not saved`,
          description: errorMessage(err, t`Something went wrong`),
          variant: 'destructive',
        });
        then.onFailed?.();
      },
    });
  };
  return { save, errors, saving: mutation.isPending };
}

/**
 * The form of one settings section, checked by the section's shared schema and saved as
 * `{ [section]: values }`. `errors` holds each field's message: the schema's first, the
 * server's when the schema let the value through.
 */
export function useSettingsForm<T extends FieldValues>(
  section: keyof UpdateSettingsInput,
  schema: z.ZodType<T, T>,
  initial: T,
) {
  const { save, errors: serverErrors, saving } = useSaveSettings();
  const { t } = useLingui();
  const form = useSchemaForm(schema, initial as Parameters<typeof useSchemaForm<T, T>>[1]);
  const schemaErrors = form.formState.errors as Partial<Record<keyof T, FieldError>>;
  const errors = Object.fromEntries(
    Object.keys(initial).map((name) => [name, schemaErrors[name]?.message ?? serverErrors[name]]),
  ) as Partial<Record<keyof T, string>>;
  const onSubmit = form.handleSubmit(
    (values) => save({ [section]: values } as UpdateSettingsInput),
    toastFirstError(t`Settings not saved`),
  );
  return { form, errors, saving, onSubmit };
}
