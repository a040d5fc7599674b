import type { UseMutationResult } from '@tanstack/react-query';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
import { reviewAware } from './review-toast.ts';

/**
 * An edit form's save: only the changed fields are sent (an untouched field must not
 * undo what the server did meanwhile); with nothing changed the form just closes.
 * The outcome is toasted; `onDone` closes the form after a success.
 */
export function saveChanges<R, C extends object>(
  update: UseMutationResult<R, Error, C>,
  changes: C,
  toasts: { success: Parameters<typeof toastOutcome<R>>[0]; failTitle: string },
  onDone: () => void,
): void {
  if (Object.keys(changes).length === 0) {
    onDone();
    return;
  }
  // A change that waits for review is toasted as such (lib/review-toast.ts).
  update.mutate(changes, toastOutcome(reviewAware(toasts.success), toasts.failTitle, { onDone }));
}
