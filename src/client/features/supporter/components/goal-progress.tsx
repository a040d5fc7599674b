import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { GoalProgress as Progress } from '#shared/schemas/goal-payloads.ts';
import { GoalBar } from '#client/components/goal-bar.tsx';
import { getIfChanged } from '#client/lib/conditional-get.ts';

// The supporter page's goal (docs/api.md "Momentum"), loaded after the page's first
// paint (lazy-goal-progress.tsx). It asks for the figure every POLL_MS while the page
// is visible, with the validator of what it has (a 304 costs next to nothing), stops
// while hidden and asks at once on return. When it sees the goal reached it says
// thank you, with a moment of celebration (no motion under prefers-reduced-motion).

export const POLL_MS = 5000;
/** A refused or failed ask waits this much longer each time, up to a minute. */
const MAX_BACKOFF_MS = 60_000;
/** How long the celebration moves. */
const CELEBRATION_MS = 4000;

const hidden = () => document.visibilityState === 'hidden';

function useGoalProgress(campaignId: number): Progress | null {
  const [progress, setProgress] = useState<Progress | null>(null);
  useEffect(() => {
    let etag: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = POLL_MS;
    let stopped = false;
    const url = `/api/supporter/campaigns/${campaignId}/progress`;
    const ask = async () => {
      clearTimeout(timer);
      if (stopped || hidden()) return;
      try {
        const fresh = await getIfChanged<Progress>(url, etag);
        if (fresh) {
          etag = fresh.etag;
          if (!stopped) setProgress(fresh.data);
        }
        wait = POLL_MS;
      } catch {
        // No goal any more, rate limited or offline: ask again later, less often.
        wait = Math.min(wait * 2, MAX_BACKOFF_MS);
      }
      if (!stopped && !hidden()) timer = setTimeout(ask, wait);
    };
    const onVisibility = () => {
      if (hidden()) clearTimeout(timer);
      else void ask();
    };
    void ask();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [campaignId]);
  return progress;
}

export default function GoalProgress({ campaignId }: { campaignId: number }) {
  const { t } = useLingui();
  const progress = useGoalProgress(campaignId);
  // Celebrated once, when this page saw the goal not reached and then reached.
  const seenUnreached = useRef(false);
  const [celebrated, setCelebrated] = useState(false);
  const [moving, setMoving] = useState(false);
  useEffect(() => {
    if (!progress) return;
    if (!progress.reached) seenUnreached.current = true;
    else if (seenUnreached.current && !celebrated) {
      setCelebrated(true);
      setMoving(true);
    }
  }, [progress, celebrated]);
  useEffect(() => {
    if (!moving) return;
    const stop = setTimeout(() => setMoving(false), CELEBRATION_MS);
    return () => clearTimeout(stop);
  }, [moving]);

  // Nothing until the first answer: a bar at 0 would say something untrue for a moment.
  if (!progress) return null;
  return (
    <section aria-label={t`Campaign goal`} className="mt-3 max-w-xl space-y-2" data-testid="goal-progress">
      <GoalBar goal={progress} value={progress.value} />
      {progress.reached && (
        <p
          role="status"
          data-testid={celebrated ? 'goal-celebration' : 'goal-reached'}
          className={
            celebrated
              ? `inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-900 ${moving ? 'motion-safe:animate-bounce' : ''}`
              : 'font-semibold text-emerald-800'
          }
        >
          {celebrated && <span aria-hidden="true">🎉</span>}
          {t`Goal reached! Thank you`}
        </p>
      )}
    </section>
  );
}
