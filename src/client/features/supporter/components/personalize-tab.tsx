import { Trans } from '@lingui/react/macro';
import { LightbulbIcon } from 'lucide-react';
import { PERSONALIZE_LIST_TRUNCATE } from '#shared/constants.ts';
import type { SupporterAsset } from '#shared/schemas/shares.ts';
import { assetShareText, type CampaignWords } from '#shared/share-links.ts';
import { truncate } from '#shared/text.ts';
import { preloadShareDialog } from '#client/features/shares/index.ts';

/** Personalize tab: pick an asset to share with your own words, and the engagement tip. */
export function PersonalizeTab({
  campaign,
  assets,
  onPick,
}: {
  campaign: CampaignWords;
  assets: SupporterAsset[];
  onPick: (asset: SupporterAsset) => void;
}) {
  return (
    <section aria-labelledby="personalize-h" className="space-y-4">
      <h2 id="personalize-h" className="text-xl font-semibold">
        <Trans>Personalize your share</Trans>
      </h2>
      <p className="text-muted-foreground">
        <Trans>Pick an asset, then tell your friends why it matters to you.</Trans>
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {assets.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              onClick={() => onPick(a)}
              onPointerEnter={preloadShareDialog}
              onFocus={preloadShareDialog}
              className="w-full rounded-lg border border-border bg-white p-4 text-start hover:border-primary"
            >
              <span className="block font-semibold" dir="auto">
                {truncate(assetShareText(a, campaign), PERSONALIZE_LIST_TRUNCATE)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <aside className="flex gap-3 rounded-lg bg-amber-50 p-4 text-sm text-slate-900">
        <LightbulbIcon aria-hidden="true" className="size-5 shrink-0 text-amber-700" />
        <p>
          <Trans>
            <strong>Tip:</strong> say in your own words why this cause matters to you: your friends know you,
            and your words come first in the post.
          </Trans>
        </p>
      </aside>
    </section>
  );
}
