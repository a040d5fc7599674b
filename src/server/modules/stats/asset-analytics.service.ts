import { WINNER_MIN_VIEWS } from '#shared/constants.ts';
import type { AssetAnalytics } from '#shared/schemas/analytics.ts';
import { SHARE_OUTCOMES } from '#shared/schemas/shares.ts';
import type { OrgRead } from '../../lib/org-scope.ts';
import type { DialectName } from '../../db/dialect.ts';
import { notFound } from '../../lib/errors.ts';
import { pickWinner, variantsOf } from '../assets/index.ts';
import { inSnapshot } from './snapshot.ts';

// The A/B figures of an asset's share texts, all time: per current variant the views
// (visitors shown it, once per UTC day, counted by the visit confirmation), the shares
// made with it (and apart, the windows opened and posts prepared), and the click-throughs on those shares; and the winner, if any. Every
// count is an index range over the variant's own rows (variantViews primary key,
// shares_variant_idx, clicks by share), read in one snapshot.

const rate = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 10_000) / 10_000);

const countsBy = (rows: { variantId: number | null; n: number | string | bigint }[]) =>
  new Map(rows.map((r) => [r.variantId, Number(r.n)]));

export function assetAnalytics(
  opts: OrgRead & { dialect: DialectName; assetId: number },
): Promise<AssetAnalytics> {
  const { orgId, assetId } = opts;
  return inSnapshot(opts.db, opts.dialect, async (trx) => {
    const asset = await trx
      .selectFrom('assets')
      .select(['id', 'title'])
      .where('id', '=', assetId)
      .where('organizationId', '=', orgId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (!asset) throw notFound('NOT_FOUND', 'Asset not found');
    const variants = (await variantsOf(trx, [asset.id])).get(asset.id) ?? [];
    const ids = [0, ...variants.map((v) => v.id)];
    const views = countsBy(
      await trx
        .selectFrom('variantViews')
        .select((eb) => ['variantId', eb.fn.countAll<number>().as('n')])
        .where('variantId', 'in', ids)
        .groupBy('variantId')
        .execute(),
    );
    const logged = await trx
      .selectFrom('shares')
      .select((eb) => ['variantId', 'status', eb.fn.countAll<number>().as('n')])
      .where('variantId', 'in', ids)
      .where('status', 'in', SHARE_OUTCOMES)
      .groupBy(['variantId', 'status'])
      .execute();
    const [shares, opened, prepared] = SHARE_OUTCOMES.map((o) =>
      countsBy(logged.filter((r) => r.status === o)),
    );
    const clicks = countsBy(
      await trx
        .selectFrom('clicks')
        .innerJoin('shares', 'shares.id', 'clicks.shareId')
        .select((eb) => ['shares.variantId', eb.fn.countAll<number>().as('n')])
        .where('shares.variantId', 'in', ids)
        .groupBy('shares.variantId')
        .execute(),
    );
    const figures = variants.map((v) => {
      const f = { views: views.get(v.id) ?? 0, shares: shares.get(v.id) ?? 0, clicks: clicks.get(v.id) ?? 0 };
      const apart = { opened: opened.get(v.id) ?? 0, prepared: prepared.get(v.id) ?? 0 };
      return {
        ...v,
        ...f,
        ...apart,
        shareRate: rate(f.shares, f.views),
        clickRate: rate(f.clicks, f.shares),
      };
    });
    const { winner, pValue } = pickWinner(figures);
    return {
      assetId: asset.id,
      title: asset.title,
      variants: figures,
      winner,
      pValue,
      minViews: WINNER_MIN_VIEWS,
    };
  });
}
