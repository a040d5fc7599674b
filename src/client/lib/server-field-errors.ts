import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts the field errors of a 400 or a 409 (`errors: [{path, message}]`, e.g. a taken
 * username) on the form's own fields, so the message shows beside the input it is
 * about. Returns whether any landed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 409)) return false;
  const errors = (err.body as { errors?: { path?: string; message?: string }[] } | undefined)?.errors ?? [];
  let applied = false;
  for (const e of errors) {
    const field = fields.find((f) => f === e.path);
    if (field && e.message) {
      setError(field, { type: 'server', message: e.message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
