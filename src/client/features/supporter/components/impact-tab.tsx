import { Trans, useLingui } from '@lingui/react/macro';
import { CLICK_POINTS, SHARE_POINTS } from '#shared/impact.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useImpact } from '../api/get-impact.ts';
import { RecognitionLoader } from './recognition-loader.tsx';

/** My Impact: this supporter's shares, the clicks their links brought and the score; the board below. */
export function ImpactTab({ campaignId }: { campaignId: number }) {
  const { t, i18n } = useLingui();
  const { data, isPending, isError } = useImpact(campaignId);
  // `key` names the test id, the same in every language.
  const stats = [
    { key: 'Your Shares', label: t`Your Shares`, value: data?.shares },
    { key: 'Clicks Generated', label: t`Clicks Generated`, value: data?.clicks },
    { key: 'Influence Score', label: t`Influence Score`, value: data?.influenceScore },
  ];
  const sharePoints = SHARE_POINTS;
  const clickPoints = CLICK_POINTS;
  return (
    <section aria-labelledby="impact-h" className="space-y-4">
      <h2 id="impact-h" className="text-xl font-semibold">
        <Trans>My Impact</Trans>
      </h2>
      {isPending ? (
        <Spinner label={t`Loading your impact`} />
      ) : isError ? (
        <p className="text-muted-foreground">
          <Trans>Your impact could not be loaded. Please try again later.</Trans>
        </p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-3">
          {stats.map((s) => (
            <div key={s.key} className="rounded-lg border border-border bg-white p-4">
              <dt className="text-sm text-muted-foreground">{s.label}</dt>
              <dd className="text-3xl font-bold" data-testid={`impact-${s.key}`}>
                {i18n.number(s.value ?? 0)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <RecognitionLoader campaignId={campaignId} recruits={data?.recruits} rank={data?.rank} />
      <div className="space-y-1 rounded-lg bg-indigo-50 p-4 text-sm text-slate-900">
        <p className="font-semibold">
          <Trans>
            Influence Score = Your Shares x {sharePoints} + Clicks Generated x {clickPoints}
          </Trans>
        </p>
        <p>
          <Trans>
            Your Influence Score is {sharePoints} points for every share plus {clickPoints} points for every
            click on a link you shared.
          </Trans>
        </p>
      </div>
    </section>
  );
}
