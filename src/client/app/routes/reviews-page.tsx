import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { Review } from '#shared/schemas/reviews.ts';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { useReviews } from '#client/features/reviews/index.ts';

/** /reviews: the changes that wait for a reviewer, and those sent back to their authors. */
export default function ReviewsPage() {
  const { t } = useLingui();
  const pending = useReviews('pending');
  const sentBack = useReviews('changes_requested');
  if (pending.isPending || sentBack.isPending) return <PageSpinner label={t`Loading reviews`} />;
  return (
    <main className="mx-auto max-w-4xl space-y-6 p-4 sm:p-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t`Review`}</h1>
      <ReviewList
        title={t`Waiting for review`}
        reviews={pending.data ?? []}
        empty={t`Nothing waits for review.`}
      />
      <ReviewList title={t`Changes requested`} reviews={sentBack.data ?? []} empty={t`None.`} />
    </main>
  );
}

function ReviewList({ title, reviews, empty }: { title: string; reviews: Review[]; empty: string }) {
  const { t, i18n } = useLingui();
  return (
    <section className="space-y-2">
      <h2 className="text-xl font-semibold">{title}</h2>
      {reviews.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {reviews.map((r) => {
            const author = r.submittedBy?.name ?? t`a former member`;
            const when = i18n.date(r.submittedAt, { dateStyle: 'medium', timeStyle: 'short' });
            const count = r.changes.length;
            return (
              <li key={r.id} className="p-3">
                <Link to={`/campaigns/${r.campaignId}`} className="font-medium hover:underline" dir="auto">
                  {r.campaignName}
                </Link>
                <p className="text-sm text-muted-foreground">{t`${author}, ${when}. Changes: ${count}`}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
