import { Trans } from '@lingui/react/macro';
import { CalendarClockIcon } from 'lucide-react';
import type { SupporterAsset } from '#shared/schemas/shares.ts';
import { Button } from '#client/components/ui/button.tsx';
import { preloadScheduleDialog } from '#client/features/scheduling/index.ts';

/** 'Schedule a Share' for the campaign's first asset; hover or focus starts loading the dialog. */
export function ScheduleShareButton({
  assets,
  onSchedule,
  className,
}: {
  assets: SupporterAsset[];
  onSchedule: (asset: SupporterAsset | null) => void;
  className?: string;
}) {
  return (
    <Button
      variant="outline"
      className={className}
      onClick={() => onSchedule(assets[0] ?? null)}
      onPointerEnter={preloadScheduleDialog}
      onFocus={preloadScheduleDialog}
    >
      <CalendarClockIcon aria-hidden="true" />
      <Trans>Schedule a Share</Trans>
    </Button>
  );
}
