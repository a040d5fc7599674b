import { useState } from 'react';
import type { UpdateSettingsInput } from '#shared/schemas/settings.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage, fieldErrorsOf } from '#client/lib/api-client.ts';
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = (input: UpdateSettingsInput, then: { onSaved?: () => void; onFailed?: () => void } = {}) => {
    setErrors({});
    mutation.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Settings saved', variant: 'success' });
        then.onSaved?.();
      },
      onError: (err) => {
        setErrors(fieldErrors(err));
        toast({
          title: 'Settings not saved',
          description: errorMessage(err, 'Something went wrong'),
          variant: 'destructive',
        });
        then.onFailed?.();
      },
    });
  };
  return { save, errors, saving: mutation.isPending };
}
