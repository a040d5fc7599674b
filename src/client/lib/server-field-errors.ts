import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts a 400's field errors (`errors: [{path, message}]`) on the form's own fields, so
 * the message shows beside the input it is about. Returns whether any landed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(err instanceof ApiError) || err.status !== 400) return false;
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
