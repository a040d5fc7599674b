import { useLingui } from '@lingui/react/macro';
import { ClipboardCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useUser } from '#client/features/auth/index.ts';
import { useReviews } from '../api/reviews.ts';

/** The Campaigns screen's in-app notice to reviewers: how many changes wait, linking to the list. */
export function WaitingForReview() {
  const { t } = useLingui();
  const { data: user } = useUser();
  const canReview = Boolean(user?.canReview);
  const waiting = useReviews('pending', { enabled: canReview });
  const n = waiting.data?.length ?? 0;
  if (!canReview || n === 0) return null;
  return (
    <Link
      to="/reviews"
      className="inline-flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 hover:underline"
    >
      <ClipboardCheckIcon aria-hidden className="size-4" /> {t`${n} waiting for review`}
    </Link>
  );
}
