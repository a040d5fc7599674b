import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf } from './api-client.ts';

/**
 * Puts the field errors of a refusal (`errors: [{path, message}]`: VALIDATION_FAILED,
 * or e.g. USERNAME_TAKEN) on the form's own fields, so the message shows beside the
 * input it is about. Returns whether any landed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  let applied = false;
  for (const e of fieldErrorsOf(err)) {
    const field = fields.find((f) => f === e.path);
    if (field && e.message) {
      setError(field, { type: 'server', message: e.message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
