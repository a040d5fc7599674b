import { platformLabel as platformName } from '#client/lib/platform-name.ts';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type UtmTags, withUtm } from '#shared/utm.ts';
import 'react-day-picker/style.css';
import { CalendarPlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import type { DefaultValues, FieldErrors } from 'react-hook-form';
import { SCHEDULE_DEFAULT_TIME } from '#shared/constants.ts';
import { LINK_PLATFORMS, type PlatformId, platformsForAssetType } from '#shared/platforms.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import type { Locale } from '#shared/locales.ts';
import {
  type ScheduleShareFormInput,
  type ScheduleShareFormValues,
  scheduleShareFormSchema,
  type SupporterAsset,
  type VisitorScheduledShare,
} from '#shared/schemas/shares.ts';
import { assetHeadline, newRefCode, trackedUrl } from '#shared/share-links.ts';
import { composeShareText, messageOf, type ShareTextCampaign } from '#shared/share-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFooter, TitledDialog } from '#client/components/ui/dialog.tsx';
import { FieldMessage, InputField, SelectField } from '#client/components/ui/form-field.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useSchemaForm } from '#client/lib/use-schema-form.ts';
import { browserTimeZone } from '#client/lib/time-zones.ts';
import type { ReminderRequest } from '#shared/schemas/reminders.ts';
import { useScheduleShare } from '../api/schedule-share.ts';
import { downloadReminderIcs, type ReminderEvent } from '../lib/calendar-file.ts';
import { formatWhen } from '../lib/format-when.ts';
import { TOASTS } from '#client/features/shares/index.ts';
import { SCHEDULE_TOASTS, scheduleToast } from '../lib/messages.ts';
import {
  BEST_TIMES_HINT,
  combineDateAndSlot,
  firstSchedulableDay,
  slotGroupsOn,
  slotLabel,
  slotText,
  TIME_SLOTS,
} from '../lib/time-slots.ts';
import { NO_REMINDER, ReminderFields, reminderRequest, useReminderChannels } from './reminder-fields.tsx';
import { forgetMovedCommitment } from '../lib/moment-memory.ts';

export interface ScheduleDialogProps {
  campaign: Pick<Campaign, 'id' | 'name' | 'description' | 'organizationId'> & {
    /** The UTM tags of its tracked links (utm_source is the platform chosen); none when off. */
    utm?: UtmTags | null;
    /** The language the supporter page is in (the supporter JSON's `language`): the scheduled share keeps it. */
    language?: Locale;
  };
  /**
   * What may be scheduled; the first is preselected. With none, staff read 'No assets
   * available' in the dialog; supporters pick a time first and get it as a toast.
   */
  /** Staff schedule from their own assets, which have titles (staff see them, supporters never). */
  assets: (SupporterAsset & { title?: string })[];
  /**
   * 'supporter': a month calendar and the best-times hint, then a step offering the
   * reminder as a calendar file (the supporter posts it themselves later).
   * 'staff': an asset list and a date field; the dialog closes once the share is scheduled.
   */
  variant: 'supporter' | 'staff';
  /** The supporter's personal message, posted before the asset's share text. */
  message?: string;
  /**
   * A reschedule: the supporter's scheduled share this one replaces. The form starts
   * from what was chosen for it: message, platform, day and time, reminder.
   */
  previous?: VisitorScheduledShare;
  /**
   * The campaign's organisation (supporter variant): named in the reminder email's
   * consent line; email reminders are offered only when it collects supporter information.
   */
  organization?: { name: string; collectInfo?: boolean };
  onOpenChange: (open: boolean) => void;
  onScheduled?: (assetId: number, when: Date) => void;
}

type SchedulePlatform = PlatformId | 'all';

/** 'Any platform', then the platforms the asset can go to. */
// The calendar's words in the reader's language: its own are English (date-fns), so
// its dates go through Intl and its labels through the catalog.
const dayPickerFormatters = (i18n: I18n) => ({
  formatCaption: (month: Date) => i18n.date(month, { month: 'long', year: 'numeric' }),
  formatWeekdayName: (day: Date) => i18n.date(day, { weekday: 'narrow' }),
});
const NEXT_MONTH = msg`Go to the Next Month`;
const PREVIOUS_MONTH = msg`Go to the Previous Month`;
const MONTHS = msg`Navigation bar`;
const dayPickerLabels = (i18n: I18n) => ({
  labelNav: () => i18n._(MONTHS),
  labelNext: () => i18n._(NEXT_MONTH),
  labelPrevious: () => i18n._(PREVIOUS_MONTH),
  labelGrid: (month: Date) => i18n.date(month, { month: 'long', year: 'numeric' }),
  labelWeekday: (day: Date) => i18n.date(day, { weekday: 'long' }),
  labelDayButton: (day: Date, modifiers: { today?: boolean; selected?: boolean }) => {
    const date = i18n.date(day, { dateStyle: 'full' });
    return modifiers.today ? i18n._(msg`Today, ${date}`) : date;
  },
});

const platformChoices = (asset: SupporterAsset | undefined): SchedulePlatform[] => [
  'all',
  ...new Set([...platformsForAssetType(asset?.type ?? 'text'), ...LINK_PLATFORMS]),
];

const platformLabel = (i18n: I18n, p: SchedulePlatform) =>
  p === 'all' ? i18n._(msg`Any platform`) : platformName(i18n, p);

/** 'yyyy-MM-dd' in local time, the value format of a date field. */
const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The personal message a scheduled share's words carry (share-text.ts `messageOf`), undefined when none. */
function scheduledMessage(
  text: string | null,
  asset: SupporterAsset | undefined,
  campaign: ShareTextCampaign,
) {
  if (!text || !asset) return undefined;
  return messageOf(text, asset, campaign) || undefined;
}

/** What the form starts with: a reschedule's earlier choices, else today's defaults. */
function startingValues(
  assets: SupporterAsset[],
  previous: VisitorScheduledShare | undefined,
): DefaultValues<ScheduleShareFormInput> {
  const values: DefaultValues<ScheduleShareFormInput> = {
    assetId: assets[0]?.id,
    time: SCHEDULE_DEFAULT_TIME,
    platform: 'all',
    reminder: NO_REMINDER,
  };
  if (!previous) return values;
  const when = new Date(previous.scheduledFor);
  const slot = slotLabel(when.getHours() * 60 + when.getMinutes());
  const email = previous.reminder?.email ?? '';
  return {
    ...values,
    day: new Date(when.getFullYear(), when.getMonth(), when.getDate()),
    time: TIME_SLOTS.some((s) => s.label === slot) ? slot : SCHEDULE_DEFAULT_TIME,
    platform: previous.platform as ScheduleShareFormInput['platform'],
    // The address and its consent, as given for the share this one replaces.
    reminder: { email, consent: email !== '', browser: previous.reminder?.browser ?? false },
  };
}

/** 'Schedule Your Share': a share of one asset on platform 'all', at a day (today or later) and a slot. */
export default function ScheduleDialog(props: ScheduleDialogProps) {
  const { t, i18n } = useLingui();
  const { campaign, assets, variant, onOpenChange, onScheduled } = props;
  const [reminder, setReminder] = useState<ReminderEvent | null>(null);
  const [asked, setAsked] = useState<ReminderRequest | undefined>();
  const staff = variant === 'staff';
  const headline = assets.length === 1 && !staff ? assetHeadline(assets[0], campaign) : null;
  const name = campaign.name;
  const description = headline
    ? t`Pick when to share "${headline}".`
    : t`Plan when to share an asset of ${name}.`;

  return (
    <TitledDialog
      open
      onOpenChange={onOpenChange}
      contentClassName={staff ? undefined : 'max-w-xl'}
      title={t`Schedule Your Share`}
      description={description}
    >
      {assets.length === 0 && staff ? (
        <div className="space-y-1 text-center">
          <p className="font-medium">{i18n._(SCHEDULE_TOASTS.noAssets.title)}</p>
          <p className="text-sm text-muted-foreground">{i18n._(SCHEDULE_TOASTS.noAssets.description)}</p>
        </div>
      ) : reminder ? (
        <ReminderStep reminder={reminder} asked={asked} onDone={() => onOpenChange(false)} />
      ) : (
        <ScheduleForm
          {...props}
          onScheduled={(event, assetId, requested) => {
            onScheduled?.(assetId, event.when);
            setAsked(requested);
            if (staff) onOpenChange(false);
            else setReminder(event);
          }}
        />
      )}
    </TitledDialog>
  );
}

/** The toast for the first of the form's refusals, beside the message on its field. */
function toastRefusal(i18n: I18n, errors: FieldErrors<ScheduleShareFormInput>) {
  if (errors.assetId) toast({ ...scheduleToast(i18n, 'noAssets'), variant: 'destructive' });
  else if (errors.day) toast({ ...scheduleToast(i18n, 'selectDate'), variant: 'destructive' });
  else if (errors.reminder) {
    const { email, consent } = errors.reminder;
    const description = (email ?? consent)?.message;
    toast({ ...scheduleToast(i18n, 'reminderFailed'), description, variant: 'destructive' });
  }
}

function ScheduleForm({
  campaign,
  assets,
  variant,
  message: given,
  previous,
  organization,
  onOpenChange,
  onScheduled,
}: Omit<ScheduleDialogProps, 'onScheduled'> & {
  onScheduled: (event: ReminderEvent, assetId: number, reminder: ReminderRequest | undefined) => void;
}) {
  const { t, i18n } = useLingui();
  const uid = useId();
  const staff = variant === 'staff';
  const schedule = useScheduleShare();
  const [timeZone] = useState(browserTimeZone);
  const channels = useReminderChannels(organization?.collectInfo);
  const [message] = useState(() => given ?? scheduledMessage(previous?.text ?? null, assets[0], campaign));
  const [initial] = useState(() => startingValues(assets, previous));
  const form = useSchemaForm<ScheduleShareFormInput, ScheduleShareFormValues>(
    scheduleShareFormSchema,
    initial,
  );
  const { register, watch, setValue, formState } = form;
  const { errors, isSubmitting } = formState;
  const date = watch('day');
  const chosen = assets.find((a) => a.id === watch('assetId'));
  const choices = platformChoices(chosen);
  const pending = schedule.isPending || isSubmitting;

  const send = async ({ day, time, platform, reminder: remindBy, ...values }: ScheduleShareFormValues) => {
    const asset = assets.find((a) => a.id === values.assetId);
    if (!asset) return toastRefusal(i18n, { assetId: { type: 'required' } });
    const when = combineDateAndSlot(day, time);
    let reminder: ReminderRequest | undefined;
    if (!staff) {
      try {
        reminder = await reminderRequest(remindBy);
      } catch (err) {
        toast({
          ...scheduleToast(i18n, 'reminderFailed'),
          description: (err as Error).message,
          variant: 'destructive',
        });
        return;
      }
    }
    const text = composeShareText(asset, campaign, message);
    // The reminder's link carries this code; the server keeps it so visits through it count.
    const ref = newRefCode();
    schedule.mutate(
      {
        assetId: asset.id,
        campaignId: campaign.id,
        organizationId: campaign.organizationId,
        platform: choices.includes(platform) ? platform : 'all',
        scheduledFor: when.toISOString(),
        status: 'pending',
        text,
        timeZone,
        ref,
        ...(previous ? { replaces: previous.id } : {}),
        ...(reminder ? { reminder } : {}),
        ...(campaign.language ? { language: campaign.language } : {}),
      },
      {
        onSuccess: () => {
          // A moved commitment left its moment: the moment panel offers Join again.
          if (previous) forgetMovedCommitment(previous.id);
          const at = formatWhen(i18n, when);
          toast({ ...scheduleToast(i18n, 'scheduled'), description: t`Your share is scheduled for ${at}.` });
          const link = trackedUrl(location.origin, campaign.id, ref, asset.id);
          // 'Any platform' has no source to name: that link goes without tags.
          const url =
            platform === 'all' || !choices.includes(platform) ? link : withUtm(link, campaign.utm, platform);
          const headline = assetHeadline(asset, campaign);
          const name = campaign.name;
          onScheduled(
            {
              when,
              title: t`Share "${headline}" for ${name}`,
              text,
              url,
              timeZone,
            },
            asset.id,
            reminder,
          );
        },
      },
    );
  };
  const submit = form.handleSubmit(send, (refused) => toastRefusal(i18n, refused));
  // Today offers only the slots still ahead; a picked time gone by moves to the first one left.
  const groups = slotGroupsOn(date);
  const firstDay = firstSchedulableDay();
  const pickDay = (day: Date | undefined) => {
    setValue('day', day as Date, { shouldValidate: formState.isSubmitted });
    const offered = slotGroupsOn(day).flatMap((g) => g.slots);
    if (offered.length > 0 && !offered.some((s) => s.label === watch('time')))
      setValue('time', offered[0].label);
  };

  const timeField = (
    <SelectField
      id={`${uid}-time`}
      label={t`Time`}
      help={t`In your time zone, ${timeZone}.`}
      {...register('time')}
    >
      {groups.map((g) => (
        <optgroup key={g.key} label={i18n._(g.label)}>
          {g.slots.map((s) => (
            <option key={s.label} value={s.label}>
              {slotText(i18n, s)}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );

  const platformField = (
    <SelectField id={`${uid}-platform`} label={t`Platform`} {...register('platform')}>
      {choices.map((p) => (
        <option key={p} value={p}>
          {platformLabel(i18n, p)}
        </option>
      ))}
    </SelectField>
  );

  return (
    // A plain container, not a <form>: the calendar's day buttons would submit it.
    <div className="space-y-4">
      {!staff && chosen && (
        <div className="space-y-1 rounded-md border border-border p-3 text-sm" data-testid="schedule-what">
          <p dir="auto" className="whitespace-pre-wrap break-words text-muted-foreground">
            {composeShareText(chosen, campaign, message)}
          </p>
        </div>
      )}
      {staff ? (
        <>
          <SelectField id={`${uid}-asset`} label={t`Asset`} {...register('assetId', { valueAsNumber: true })}>
            {assets.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title ?? assetHeadline(a, campaign)}
              </option>
            ))}
          </SelectField>
          {platformField}
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              id={`${uid}-date`}
              label={t`Date`}
              type="date"
              min={isoDay(firstDay)}
              value={date ? isoDay(date) : ''}
              error={errors.day && i18n._(SCHEDULE_TOASTS.selectDate.title)}
              onChange={(e) => {
                const [y, m, d] = e.target.value.split('-').map(Number);
                pickDay(e.target.value ? new Date(y, m - 1, d) : undefined);
              }}
            />
            {timeField}
          </div>
        </>
      ) : (
        <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
          <div>
            <DayPicker
              mode="single"
              selected={date}
              // A reschedule opens on the month of its day.
              defaultMonth={date}
              onSelect={pickDay}
              disabled={{ before: firstDay }}
              startMonth={firstDay}
              className="rally-day-picker"
              formatters={dayPickerFormatters(i18n)}
              labels={dayPickerLabels(i18n)}
            />
            <FieldMessage
              id={`${uid}-day-error`}
              message={errors.day && i18n._(SCHEDULE_TOASTS.selectDate.title)}
            />
          </div>
          <div className="space-y-2">
            {timeField}
            {platformField}
            <p className="rounded-md bg-indigo-50 p-3 text-sm text-slate-800">{i18n._(BEST_TIMES_HINT)}</p>
          </div>
        </div>
      )}
      {!staff && organization && (
        <ReminderFields
          organizationName={organization.name}
          channels={channels}
          value={watch('reminder')}
          errors={errors.reminder}
          onChange={(value) => setValue('reminder', value, { shouldValidate: formState.isSubmitted })}
        />
      )}
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={() => void submit()} disabled={pending}>
          {pending ? t`Scheduling...` : t`Schedule Share`}
        </Button>
      </DialogFooter>
    </div>
  );
}

function ReminderStep({
  reminder,
  asked,
  onDone,
}: {
  reminder: ReminderEvent;
  asked: ReminderRequest | undefined;
  onDone: () => void;
}) {
  const { i18n } = useLingui();
  const when = formatWhen(i18n, reminder.when);
  const email = asked?.email;
  return (
    <div className="space-y-3" role="status">
      <p className="font-medium">
        <Trans>Scheduled for {when}</Trans>
      </p>
      {email && (
        <p className="text-sm">
          <Trans>
            We will email a reminder to {email} at that time. If this address has not had reminders from this
            organization before, we first email it a link to confirm: the reminder comes only once you have
            confirmed.
          </Trans>
        </p>
      )}
      {asked?.push && (
        <p className="text-sm">
          <Trans>This browser will remind you at that time.</Trans>
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        <Trans>Add it to your calendar to get a reminder with the text and your link at that time.</Trans>
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
          <Trans>Add to calendar</Trans>
        </Button>
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </DialogFooter>
    </div>
  );
}
