import { format } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { SCHEDULE_DEFAULT_TIME } from '#shared/constants.ts';
import type { Asset } from '#shared/schemas/assets.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input, Select } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import {
  useScheduleShare,
  TOASTS,
  atMinutes,
  SLOT_GROUPS,
  TIME_SLOTS,
} from '#client/features/sharing/index.ts';

const defaultSlot = TIME_SLOTS.find((s) => s.label === SCHEDULE_DEFAULT_TIME)!.minutes;

/** 'Schedule Share': pick an asset, a date (today or later) and a time; platform 'all'. */
export function ScheduleShareDialog({
  campaign,
  assets,
  open,
  onOpenChange,
}: {
  campaign: Pick<Campaign, 'id' | 'name' | 'organizationId'>;
  assets: Asset[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Schedule Your Share</DialogTitle>
          <DialogDescription dir="auto">Plan when to share an asset of {campaign.name}.</DialogDescription>
        </DialogHeader>
        {open &&
          (assets.length === 0 ? (
            <div className="space-y-1 text-center">
              <p className="font-medium">{TOASTS.noAssets.title}</p>
              <p className="text-sm text-muted-foreground">{TOASTS.noAssets.description}</p>
            </div>
          ) : (
            <ScheduleForm campaign={campaign} assets={assets} onDone={() => onOpenChange(false)} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({
  campaign,
  assets,
  onDone,
}: {
  campaign: Pick<Campaign, 'id' | 'name' | 'organizationId'>;
  assets: Asset[];
  onDone: () => void;
}) {
  const uid = useId();
  const schedule = useScheduleShare();
  const [assetId, setAssetId] = useState(assets[0].id);
  const [date, setDate] = useState('');
  const [minutes, setMinutes] = useState(defaultSlot);
  const today = format(new Date(), 'yyyy-MM-dd');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!date) {
      toast({ ...TOASTS.selectDate, variant: 'destructive' });
      return;
    }
    const [y, m, d] = date.split('-').map(Number);
    const when = atMinutes(new Date(y, m - 1, d), minutes);
    schedule.mutate(
      {
        assetId,
        campaignId: campaign.id,
        organizationId: campaign.organizationId,
        platform: 'all',
        scheduledFor: when.toISOString(),
        status: 'pending',
      },
      {
        onSuccess: () => {
          toast({
            ...TOASTS.scheduled,
            description: `Scheduled for ${format(when, "MMM d, yyyy 'at' h:mm a")}`,
          });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor={`${uid}-asset`}>Asset</Label>
        <Select id={`${uid}-asset`} value={assetId} onChange={(e) => setAssetId(Number(e.target.value))}>
          {assets.map((a) => (
            <option key={a.id} value={a.id}>
              {a.title}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${uid}-date`}>Date</Label>
          <Input
            id={`${uid}-date`}
            type="date"
            min={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${uid}-time`}>Time</Label>
          <Select id={`${uid}-time`} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
            {SLOT_GROUPS.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.slots.map((s) => (
                  <option key={s.minutes} value={s.minutes}>
                    {s.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        </div>
      </div>
      <DialogFooter>
        <Button type="submit" disabled={schedule.isPending}>
          {schedule.isPending ? 'Scheduling...' : 'Schedule Share'}
        </Button>
      </DialogFooter>
    </form>
  );
}
