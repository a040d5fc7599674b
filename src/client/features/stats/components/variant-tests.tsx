import { QueryError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useAssetAnalytics } from '../api/get-asset-analytics.ts';
import { formatCount } from './stat-tile.tsx';

const percent = (rate: number) => `${(rate * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;
const pText = (p: number) =>
  p < 0.001 ? '< 0.001' : p.toLocaleString(undefined, { maximumFractionDigits: 3 });

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
        Share-text tests (all time)
      </h3>
      {assets.map((a) => (
        <AssetVariantTest key={a.id} assetId={a.id} />
      ))}
    </section>
  );
}

function AssetVariantTest({ assetId }: { assetId: number }) {
  const query = useAssetAnalytics(assetId);
  if (query.isError) return <QueryError title="This test could not be loaded" query={query} />;
  if (!query.data) return <Spinner label="Loading share-text test" />;
  const { title, variants, winner, pValue, minViews } = query.data;
  const winnerIndex = variants.findIndex((v) => v.id === winner);
  const fewest = Math.min(...variants.map((v) => v.views));
  return (
    <div className="overflow-x-auto" data-testid={`variant-test-${assetId}`}>
      <table className="w-full text-sm">
        <caption className="pb-2 text-left font-medium">{title}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-1 pr-2 font-normal">
              Variant
            </th>
            {['Views', 'Shares', 'Share rate', 'Clicks', 'Click rate'].map((h) => (
              <th key={h} scope="col" className="px-2 py-1 text-right font-normal">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {variants.map((v, i) => (
            <tr key={v.id} className="border-b last:border-0" data-testid="variant-row">
              <th scope="row" className="max-w-xs py-1 pr-2 text-left font-normal">
                <span className="font-medium">Variant {i + 1}</span>
                {v.id === winner && <span className="ml-1 text-green-700">(winner)</span>}
                <span className="block truncate text-muted-foreground" title={v.text}>
                  {v.text}
                </span>
              </th>
              <td className="px-2 text-right tabular-nums">{formatCount(v.views)}</td>
              <td className="px-2 text-right tabular-nums">{formatCount(v.shares)}</td>
              <td className="px-2 text-right tabular-nums">{percent(v.shareRate)}</td>
              <td className="px-2 text-right tabular-nums">{formatCount(v.clicks)}</td>
              <td className="px-2 text-right tabular-nums">{percent(v.clickRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="pt-2 text-sm" data-testid="variant-verdict">
        {winner !== null
          ? `Winner: Variant ${winnerIndex + 1}, with a share rate higher than the runner-up's (p = ${pText(pValue ?? 0)}).`
          : variants.length < 2
            ? 'Add a second variant to compare share texts.'
            : `Not enough data yet: a winner needs at least ${minViews} views per variant (fewest so far: ${formatCount(fewest)}) and p < 0.05 between the best and the runner-up (now ${pValue === null ? 'n/a' : pText(pValue)}).`}
      </p>
    </div>
  );
}
