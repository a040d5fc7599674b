import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { CampaignAnalytics } from '#shared/schemas/analytics.ts';

/**
 * Shares per referral generation (0: shared directly; 1: by someone who arrived through
 * a generation-0 link; and so on), as a list of bars, and the viral coefficient.
 */
export function ReferralGenerations({ referrals }: { referrals: CampaignAnalytics['referrals'] }) {
  const { generations, viralCoefficient } = referrals;
  const most = Math.max(1, ...generations.map((g) => g.shares));
  const { i18n, t } = useLingui();
  const coefficient = i18n.number(viralCoefficient, { maximumFractionDigits: 2 });
  return (
    <section aria-labelledby="referral-generations" className="space-y-3">
      <h3 id="referral-generations" className="font-medium">
        <Trans>Referral generations</Trans>
      </h3>
      {generations.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No shares in this range.</Trans>
        </p>
      ) : (
        <ol className="space-y-2" aria-label={t`Shares per referral generation`}>
          {generations.map((g) => (
            <li key={g.depth} className="grid grid-cols-[auto_1fr_auto] items-center gap-2 text-sm">
              <span className="w-24">
                {g.depth === 0 ? <Trans>Direct (0)</Trans> : <GenerationName depth={g.depth} />}
              </span>
              <span className="h-2 rounded bg-muted" aria-hidden>
                <span
                  className="block h-2 rounded bg-primary"
                  style={{ width: `${(g.shares / most) * 100}%` }}
                />
              </span>
              <span className="tabular-nums">
                <ShareCount count={g.shares} />
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="text-sm" data-testid="viral-coefficient">
        <Trans>
          <strong>Viral coefficient {coefficient}</strong>: for every share made directly, {coefficient} more
          were made by people who arrived through a shared link.
        </Trans>
      </p>
    </section>
  );
}

function GenerationName({ depth }: { depth: number }) {
  return <Trans>Generation {depth}</Trans>;
}

function ShareCount({ count }: { count: number }) {
  return <Plural value={count} one="# share" other="# shares" />;
}
