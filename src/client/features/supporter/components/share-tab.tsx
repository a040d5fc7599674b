import { useId, useState } from 'react';
import type { Asset } from '#shared/schemas/assets.ts';
import { Label } from '#client/components/ui/label.tsx';
import { ShareCard } from './share-card.tsx';

/** Share tab: every asset as a card, with the campaign filter (All Campaigns or this one). */
export function ShareTab({
  campaign,
  assets,
  onShare,
}: {
  campaign: { id: number; name: string };
  assets: Asset[];
  onShare: (asset: Asset) => void;
}) {
  const filterId = useId();
  const [filter, setFilter] = useState('all');
  const shown = filter === 'all' ? assets : assets.filter((a) => String(a.campaignId) === filter);
  return (
    <section aria-labelledby={`${filterId}-h`} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${filterId}-h`} className="text-xl font-semibold">
          Ready to share
        </h2>
        <div className="flex items-center gap-2">
          <Label htmlFor={filterId}>Campaign</Label>
          <select
            id={filterId}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className="h-10 rounded-md border border-border bg-white px-3 text-sm"
          >
            <option value="all">All Campaigns</option>
            <option value={String(campaign.id)}>{campaign.name}</option>
          </select>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="text-muted-foreground">This campaign has no assets to share yet.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((a, i) => (
            <ShareCard key={a.id} asset={a} priority={i === 0} onShare={onShare} />
          ))}
        </div>
      )}
    </section>
  );
}
