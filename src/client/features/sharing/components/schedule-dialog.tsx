import 'react-day-picker/style.css';
import { CalendarPlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { SCHEDULE_DEFAULT_TIME } from '#shared/constants.ts';
import type { Asset } from '#shared/schemas/assets.ts';
import { composeShareText, newRefCode, trackedUrl } from '#shared/share-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useScheduleShare } from '../api/schedule-share.ts';
import { downloadReminderIcs, type ReminderEvent } from '../lib/calendar-file.ts';
import { formatWhen } from '../lib/format-when.ts';
import { TOASTS } from '../lib/messages.ts';
import { BEST_TIMES_HINT, combineDateAndSlot, SLOT_GROUPS } from '../lib/time-slots.ts';

export interface ScheduleDialogProps {
  campaign: { id: number; name: string; organizationId: number };
  /** The asset to schedule; null when the campaign has none. */
  asset: Asset | null;
  onOpenChange: (open: boolean) => void;
  onScheduled?: (assetId: number, when: Date) => void;
}

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d;
};

export default function ScheduleDialog({ campaign, asset, onOpenChange, onScheduled }: ScheduleDialogProps) {
  const timeId = useId();
  const [date, setDate] = useState<Date | undefined>();
  const [time, setTime] = useState(SCHEDULE_DEFAULT_TIME);
  const [reminder, setReminder] = useState<ReminderEvent | null>(null);
  const schedule = useScheduleShare();

  const submit = () => {
    if (!asset) {
      toast({ ...TOASTS.noAssets, variant: 'destructive' });
      return;
    }
    if (!date) {
      toast({ ...TOASTS.selectDate, variant: 'destructive' });
      return;
    }
    const when = combineDateAndSlot(date, time);
    const text = composeShareText(asset);
    // The reminder's link carries this code; the server keeps it so visits through it count.
    const ref = newRefCode();
    schedule.mutate(
      {
        assetId: asset.id,
        campaignId: campaign.id,
        organizationId: campaign.organizationId,
        platform: 'all',
        scheduledFor: when.toISOString(),
        status: 'pending',
        text,
        ref,
      },
      {
        onSuccess: () => {
          toast({ ...TOASTS.scheduled, description: `Your share is scheduled for ${formatWhen(when)}.` });
          setReminder({
            when,
            title: `Share "${asset.title}" for ${campaign.name}`,
            text,
            url: trackedUrl(location.origin, campaign.id, ref),
          });
          onScheduled?.(asset.id, when);
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Schedule Your Share</DialogTitle>
          <DialogDescription>
            {asset ? `Pick when to share "${asset.title}".` : 'Pick a day and a time to share this campaign.'}
          </DialogDescription>
        </DialogHeader>

        {reminder ? (
          <div className="space-y-3" role="status">
            <p className="font-medium">Scheduled for {formatWhen(reminder.when)}</p>
            <p className="text-sm text-muted-foreground">
              Add it to your calendar to get a reminder with the text and your link at that time.
            </p>
            <DialogFooter>
              <Button
                variant="outline"
                onClick={() =>
                  void downloadReminderIcs(reminder).catch(() =>
                    toast({ ...TOASTS.downloadFailed, variant: 'destructive' }),
                  )
                }
              >
                <CalendarPlusIcon aria-hidden="true" />
                Add to calendar
              </Button>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
              <DayPicker
                mode="single"
                selected={date}
                onSelect={setDate}
                disabled={{ before: startOfToday() }}
                startMonth={startOfToday()}
                className="rally-day-picker"
              />
              <div className="space-y-2">
                <Label htmlFor={timeId}>Time</Label>
                <select
                  id={timeId}
                  value={time}
                  onChange={(e) => setTime(e.target.value)}
                  className="h-10 w-full rounded-md border border-border bg-white px-3 text-sm"
                >
                  {SLOT_GROUPS.map((g) => (
                    <optgroup key={g.label} label={g.label}>
                      {g.slots.map((s) => (
                        <option key={s.label} value={s.label}>
                          {s.label}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                <p className="rounded-md bg-indigo-50 p-3 text-sm text-slate-800">{BEST_TIMES_HINT}</p>
              </div>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button onClick={submit} disabled={schedule.isPending}>
                {schedule.isPending ? 'Scheduling...' : 'Schedule Share'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
