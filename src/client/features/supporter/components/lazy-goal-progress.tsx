import { lazy, Suspense, useEffect, useState } from 'react';
import type { CampaignGoal } from '#shared/schemas/goals.ts';
import { withCatalog } from '#client/i18n/catalogs.ts';

// The goal's progress is a chunk of its own, asked for only after the page has painted:
// it never delays the page's first render nor adds to its start (bench/supporter-bundle.ts).
// Its words come with it (the `dialogs` catalog), not with the page's own.
const GoalProgress = lazy(withCatalog('dialogs', () => import('./goal-progress.tsx')));

/** The campaign's goal, once the page has painted; nothing without a goal. */
export function GoalProgressSlot({
  campaignId,
  goal,
}: {
  campaignId: number;
  goal: CampaignGoal | null | undefined;
}) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // After the next frame: the page is on screen before the part is fetched.
    const frame = requestAnimationFrame(() => setTimeout(() => setPainted(true), 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!goal || !painted) return null;
  return (
    <Suspense fallback={null}>
      <GoalProgress campaignId={campaignId} />
    </Suspense>
  );
}
