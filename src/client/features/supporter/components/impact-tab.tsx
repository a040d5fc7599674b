import { CLICK_POINTS, INFLUENCE_SCORE_EXPLANATION, SHARE_POINTS } from '#shared/impact.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useImpact } from '../api/get-impact.ts';

/** My Impact: this supporter's shares, the clicks their links brought and the score. */
export function ImpactTab({ campaignId }: { campaignId: number }) {
  const { data, isPending, isError } = useImpact(campaignId);
  const stats = [
    { label: 'Your Shares', value: data?.shares },
    { label: 'Clicks Generated', value: data?.clicks },
    { label: 'Influence Score', value: data?.influenceScore },
  ];
  return (
    <section aria-labelledby="impact-h" className="space-y-4">
      <h2 id="impact-h" className="text-xl font-semibold">
        My Impact
      </h2>
      {isPending ? (
        <Spinner label="Loading your impact" />
      ) : isError ? (
        <p className="text-muted-foreground">Your impact could not be loaded. Please try again later.</p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-3">
          {stats.map((s) => (
            <div key={s.label} className="rounded-lg border border-border bg-white p-4">
              <dt className="text-sm text-muted-foreground">{s.label}</dt>
              <dd className="text-3xl font-bold" data-testid={`impact-${s.label}`}>
                {s.value ?? 0}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="space-y-1 rounded-lg bg-indigo-50 p-4 text-sm text-slate-900">
        <p className="font-semibold">
          Influence Score = Your Shares x {SHARE_POINTS} + Clicks Generated x {CLICK_POINTS}
        </p>
        <p>{INFLUENCE_SCORE_EXPLANATION}</p>
      </div>
    </section>
  );
}
