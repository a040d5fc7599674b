import { t } from '@lingui/core/macro';
import { isSubmittedForReview } from '#shared/review.ts';
import type { ToastData } from '#client/components/ui/use-toast.ts';

type ToastText = Pick<ToastData, 'title' | 'description'>;

/** The toast of a write that did not go live: it waits for review (202 `{review}`). */
export const sentForReview = (): ToastText => ({
  title: t`Sent for review`,
  description: t`Supporters see the change once a reviewer approves it.`,
});

/**
 * The toast of a template used by an editor while review is on: the campaign was made
 * a draft (201 `keptDraft`), and its publishing goes through review.
 */
export const keptDraftForReview = (name: string): ToastText => ({
  title: t`Saved as a draft for review`,
  description: t`"${name}" is a draft: publishing it waits for a reviewer's approval.`,
});

/**
 * A write's success toast that knows review before publishing: an answer that waits
 * for review is said as such, any other as `success` says.
 */
export function reviewAware<R>(success: ToastText | ((result: R) => ToastText)) {
  return (result: R | { review: unknown }): ToastText => {
    if (isSubmittedForReview(result)) return sentForReview();
    return typeof success === 'function' ? success(result as R) : success;
  };
}
