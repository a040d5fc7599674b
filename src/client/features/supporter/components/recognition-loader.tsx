import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { withCatalog } from '#client/i18n/catalogs.ts';
import { BOARD_BOX, FORM_BOX, STAT_BOX, STATS_GRID } from './recognition-layout.ts';

// The board and the name form load with their words only once My Impact is on screen
// (on a phone it is far down the page): the page's start carries none of them.
const loadSection = withCatalog('dialogs', () => import('./recognition-section.tsx'));
const RecognitionSection = lazy(loadSection);

export function RecognitionLoader(props: {
  campaignId: number;
  recruits: number | undefined;
  rank: number | null | undefined;
}) {
  const spot = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = spot.current;
    if (!element || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  const skeleton = <RecognitionSkeleton />;
  return (
    <div ref={spot}>
      {seen ? (
        <Suspense fallback={skeleton}>
          <RecognitionSection {...props} />
        </Suspense>
      ) : (
        skeleton
      )}
    </div>
  );
}

/** The recognition part's boxes at their loaded sizes, empty: what holds its place until it loads. */
function RecognitionSkeleton() {
  return (
    <div aria-hidden className="space-y-4" data-testid="recognition-skeleton">
      <div className={STATS_GRID}>
        <div className={STAT_BOX} />
        <div className={STAT_BOX} />
      </div>
      <div className={BOARD_BOX} />
      <div className={FORM_BOX} />
    </div>
  );
}
