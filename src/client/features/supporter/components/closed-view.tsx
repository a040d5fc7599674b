import { useLingui } from '@lingui/react/macro';
import { CalendarClockIcon, HeartIcon, PauseCircleIcon } from 'lucide-react';
import type { SupporterCampaign } from '#shared/schemas/shares.ts';
import { AssetMedia } from '#client/components/asset-media.tsx';
import { closedNotice } from '../lib/availability-text.ts';
import { AssetHeading } from './asset-heading.tsx';
import { sharedWords } from '../lib/words.ts';

const ICONS = { paused: PauseCircleIcon, ended: HeartIcon, 'not-started': CalendarClockIcon } as const;

/**
 * A paused, ended or not yet started campaign: a friendly notice instead of the share
 * and schedule tools, and the assets to look at.
 */
export function ClosedView({ data }: { data: SupporterCampaign }) {
  const { i18n } = useLingui();
  const notice = closedNotice(data.availability);
  if (!notice) return null;
  const Icon = ICONS[data.availability.state as keyof typeof ICONS] ?? HeartIcon;
  return (
    <div className="space-y-6">
      <section
        data-testid="campaign-closed"
        aria-labelledby="closed-h"
        className="rounded-lg border border-border bg-white p-6 text-center"
      >
        <Icon aria-hidden className="mx-auto mb-2 size-8 text-indigo-700" />
        <h2 id="closed-h" className="text-xl font-semibold">
          {sharedWords(i18n, notice.title, notice.values)}
        </h2>
        <p className="mt-1 text-muted-foreground">{sharedWords(i18n, notice.body, notice.values)}</p>
      </section>
      {data.assets.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.assets.map((asset) => (
            <li key={asset.id} className="space-y-2 rounded-lg border border-border bg-white p-4">
              <AssetMedia asset={asset} label={asset.description ?? ''} />
              <AssetHeading asset={asset} campaign={data.campaign} className="font-semibold" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
