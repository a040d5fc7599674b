import { SCHEDULE_TAB_ASSET_COUNT } from '#shared/constants.ts';
import type { Asset } from '#shared/schemas/assets.ts';
import { ScheduleShareButton } from './schedule-share-button.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { preloadScheduleDialog, formatWhen } from '#client/features/sharing/index.ts';

/** Schedule tab: the first two assets with their scheduled time (held on this device only). */
export function ScheduleTab({
  assets,
  scheduled,
  onSchedule,
}: {
  assets: Asset[];
  scheduled: Record<number, Date>;
  onSchedule: (asset: Asset | null) => void;
}) {
  return (
    <section aria-labelledby="schedule-h" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="schedule-h" className="text-xl font-semibold">
          Schedule your shares
        </h2>
        <ScheduleShareButton assets={assets} onSchedule={onSchedule} />
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {assets.slice(0, SCHEDULE_TAB_ASSET_COUNT).map((a) => {
          const when = scheduled[a.id];
          return (
            <li
              key={a.id}
              aria-label={a.title}
              className="flex items-center justify-between gap-3 rounded-lg border border-border bg-white p-4"
            >
              <div>
                <p className="font-semibold">{a.title}</p>
                <p className="text-sm text-muted-foreground">
                  {when ? `Scheduled for ${formatWhen(when)}` : 'Not scheduled'}
                </p>
              </div>
              <Button
                size="sm"
                onClick={() => onSchedule(a)}
                onPointerEnter={preloadScheduleDialog}
                onFocus={preloadScheduleDialog}
              >
                {when ? 'Reschedule' : 'Schedule'}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
