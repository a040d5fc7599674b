import { useLingui } from '@lingui/react/macro';
import { CheckIcon, MessageSquareIcon, Undo2Icon } from 'lucide-react';
import { useState } from 'react';
import type { Review, ReviewChange } from '#shared/schemas/reviews.ts';
import { REVIEW_COMMENT_MAX } from '#shared/schemas/reviews.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toastOutcome } from '#client/components/ui/use-toast.ts';
import { useUser } from '#client/features/auth/index.ts';
import { PhonePreviewDialog } from './phone-preview-dialog.tsx';
import { useApproveReview, useCampaignReview, useRequestChanges, useWithdrawReview } from '../api/reviews.ts';

/** How long a changed value may be in the list before it is cut (the preview shows it whole). */
const SHOWN_CHARS = 160;

const shown = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
};

/** One waiting change as a line of the list. */
function ChangeLine({ change }: { change: ReviewChange }) {
  const { t } = useLingui();
  const fields = (f: Record<string, unknown>) =>
    Object.entries(f).map(([key, value]) => (
      <li key={key} className="ms-4 list-disc">
        <span className="font-medium">{key}</span>: <span dir="auto">{shown(value)}</span>
      </li>
    ));
  if (change.kind === 'campaign') {
    const { status, ...rest } = change.fields;
    return (
      <li>
        {status === 'active' && <p>{t`Publish the campaign`}</p>}
        {Object.keys(rest).length > 0 && (
          <>
            <p>{t`The campaign`}</p>
            <ul>{fields(rest)}</ul>
          </>
        )}
      </li>
    );
  }
  const title = change.title;
  if (change.kind === 'asset')
    return (
      <li>
        <p>{t`The asset "${title}"`}</p>
        <ul>{fields(change.fields)}</ul>
      </li>
    );
  if (change.kind === 'add')
    return (
      <li>
        <p>{t`A new asset "${title}"`}</p>
        <ul>{fields(change.asset)}</ul>
      </li>
    );
  return <li>{t`Delete the asset "${title}"`}</li>;
}

/**
 * The campaign's change waiting for review (docs/api.md "Review before publishing"):
 * its state, what changes, the comments; for a reviewer (not its author) Approve and
 * Request changes; for its author or a reviewer Withdraw; for every member the
 * preview as a supporter on a phone. Nothing when nothing waits.
 */
export function ReviewPanel({ campaignId }: { campaignId: number }) {
  const review = useCampaignReview(campaignId);
  if (!review.data) return null;
  return <WaitingReview review={review.data} />;
}

function WaitingReview({ review: r }: { review: Review }) {
  const { t, i18n } = useLingui();
  const { data: user } = useUser();
  const [comment, setComment] = useState('');
  const approve = useApproveReview(r.campaignId);
  const requestChanges = useRequestChanges(r.campaignId);
  const withdraw = useWithdrawReview(r.campaignId);
  const mine = Boolean(user) && user?.id === r.submittedBy?.id;
  const reviewer = Boolean(user?.canReview);
  const pending = r.state === 'pending';
  const busy = approve.isPending || requestChanges.isPending || withdraw.isPending;
  const author = r.submittedBy?.name ?? t`a former member`;
  const when = i18n.date(r.submittedAt, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section
      aria-labelledby="campaign-review"
      data-testid="review-panel"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="campaign-review" className="text-xl font-semibold">
        {pending ? t`Waiting for review` : t`Changes requested`}
      </h2>
      <p className="text-sm">
        {t`Submitted by ${author}, ${when}. Supporters see the last approved version until a reviewer approves this change.`}
      </p>
      <div>
        <h3 className="font-medium">{t`What changes`}</h3>
        <ul className="space-y-2 text-sm">
          {r.changes.map((c, i) => (
            <ChangeLine key={`${c.kind}-${i}`} change={c} />
          ))}
        </ul>
      </div>
      {r.comments.length > 0 && (
        <div>
          <h3 className="font-medium">{t`Comments`}</h3>
          <ul className="space-y-1 text-sm">
            {r.comments.map((c) => {
              const who = c.by?.name ?? t`a former member`;
              return (
                <li key={c.at}>
                  <span className="font-medium">{who}</span>: <span dir="auto">{c.text}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <PhonePreviewDialog campaignId={r.campaignId} />
        {reviewer && !mine && pending && (
          <Button
            size="sm"
            disabled={busy}
            onClick={() =>
              approve.mutate(
                undefined,
                toastOutcome(
                  { title: t`Change approved`, description: t`Supporters see it now.` },
                  t`Not approved`,
                ),
              )
            }
          >
            <CheckIcon aria-hidden /> {t`Approve`}
          </Button>
        )}
        {(mine || reviewer) && (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              withdraw.mutate(undefined, toastOutcome({ title: t`Change withdrawn` }, t`Not withdrawn`))
            }
          >
            <Undo2Icon aria-hidden /> {t`Withdraw`}
          </Button>
        )}
      </div>
      {reviewer && !mine && pending && (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            requestChanges.mutate(
              comment.trim(),
              toastOutcome({ title: t`Changes requested` }, t`Request not sent`, {
                onDone: () => setComment(''),
              }),
            );
          }}
        >
          <Label htmlFor="review-comment">{t`Comment for the author`}</Label>
          <Textarea
            id="review-comment"
            value={comment}
            maxLength={REVIEW_COMMENT_MAX}
            onChange={(e) => setComment(e.target.value)}
          />
          <Button type="submit" size="sm" variant="outline" disabled={busy || comment.trim() === ''}>
            <MessageSquareIcon aria-hidden /> {t`Request changes`}
          </Button>
        </form>
      )}
      {mine && !pending && (
        <p className="text-sm">{t`Edit the campaign or its assets again: your next change sends it back for review.`}</p>
      )}
    </section>
  );
}
