import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useAssetAnalytics } from '../api/get-asset-analytics.ts';
import { formatCount } from './stat-tile.tsx';

const percent = (i18n: I18n, rate: number) =>
  i18n.number(rate, { style: 'percent', maximumFractionDigits: 1 });
const pText = (i18n: I18n, p: number) =>
  p < 0.001 ? `< ${i18n.number(0.001)}` : i18n.number(p, { maximumFractionDigits: 3 });

const HEADERS = [msg`Views`, msg`Shares`, msg`Share rate`, msg`Clicks`, msg`Click rate`];

/**
 * The A/B tests of the campaign's share texts: per asset with variants, each variant's
 * views, shares and clicks with their rates, and the verdict: the winner, or "not
 * enough data yet" with what is missing. All time, whatever range is chosen above.
 */
export function VariantTests({ assets }: { assets: { id: number; title: string }[] }) {
  if (assets.length === 0) return null;
  return (
    <section aria-labelledby="variant-tests-heading" className="space-y-3">
      <h3 id="variant-tests-heading" className="font-medium">
        <Trans>Share-text tests (all time)</Trans>
      </h3>
      {assets.map((a) => (
        <AssetVariantTest key={a.id} assetId={a.id} />
      ))}
    </section>
  );
}

function AssetVariantTest({ assetId }: { assetId: number }) {
  const query = useAssetAnalytics(assetId);
  const { i18n, t } = useLingui();
  if (query.isError) return <QueryError title={t`This test could not be loaded`} query={query} />;
  if (!query.data) return <Spinner label={t`Loading share-text test`} />;
  const { title, variants, winner, pValue, minViews } = query.data;
  const winnerIndex = variants.findIndex((v) => v.id === winner);
  const fewest = formatCount(i18n, Math.min(...variants.map((v) => v.views)));
  const winnerNumber = winnerIndex + 1;
  const p = pValue === null ? t`n/a` : pText(i18n, pValue);
  const views = i18n.number(minViews);
  return (
    <div className="overflow-x-auto" data-testid={`variant-test-${assetId}`}>
      <table className="w-full text-sm">
        <caption className="pb-2 text-start font-medium">{title}</caption>
        <thead>
          <tr className="border-b text-start text-muted-foreground">
            <th scope="col" className="py-1 pe-2 font-normal">
              <Trans>Variant</Trans>
            </th>
            {HEADERS.map((h) => (
              <th key={h.id} scope="col" className="px-2 py-1 text-end font-normal">
                {i18n._(h)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {variants.map((v, i) => (
            <tr key={v.id} className="border-b last:border-0" data-testid="variant-row">
              <th scope="row" className="max-w-xs py-1 pe-2 text-start font-normal">
                <span className="font-medium">
                  <VariantName index={i} />
                </span>
                {v.id === winner && (
                  <span className="ms-1 text-green-700">
                    <Trans>(winner)</Trans>
                  </span>
                )}
                <span className="block truncate text-muted-foreground" title={v.text} dir="auto">
                  {v.text}
                </span>
              </th>
              <td className="px-2 text-end tabular-nums">{formatCount(i18n, v.views)}</td>
              <td className="px-2 text-end tabular-nums">{formatCount(i18n, v.shares)}</td>
              <td className="px-2 text-end tabular-nums">{percent(i18n, v.shareRate)}</td>
              <td className="px-2 text-end tabular-nums">{formatCount(i18n, v.clicks)}</td>
              <td className="px-2 text-end tabular-nums">{percent(i18n, v.clickRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="pt-2 text-sm" data-testid="variant-verdict">
        {winner !== null
          ? t`Winner: Variant ${winnerNumber}, with a share rate higher than the runner-up's (p = ${p}).`
          : variants.length < 2
            ? t`Add a second variant to compare share texts.`
            : t`Not enough data yet: a winner needs at least ${views} views per variant (fewest so far: ${fewest}) and p < 0.05 between the best and the runner-up (now ${p}).`}
      </p>
    </div>
  );
}

function VariantName({ index }: { index: number }) {
  const number = index + 1;
  return <Trans>Variant {number}</Trans>;
}
