import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  SCHEDULE_FIRST_SLOT_MINUTES,
  SCHEDULE_LAST_SLOT_MINUTES,
  SCHEDULE_SLOT_STEP_MINUTES,
} from '#shared/constants.ts';

export interface TimeSlot {
  /** The form's value (English, 12-hour): also what the slot reads in English. */
  label: string;
  minutes: number;
}

export function slotLabel(minutes: number): string {
  const h24 = Math.floor(minutes / 60);
  const m = minutes % 60;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`;
}

/** Every 30 minutes from 7:00 AM to 8:30 PM. */
export const TIME_SLOTS: TimeSlot[] = Array.from(
  { length: (SCHEDULE_LAST_SLOT_MINUTES - SCHEDULE_FIRST_SLOT_MINUTES) / SCHEDULE_SLOT_STEP_MINUTES + 1 },
  (_, i) => {
    const minutes = SCHEDULE_FIRST_SLOT_MINUTES + i * SCHEDULE_SLOT_STEP_MINUTES;
    return { label: slotLabel(minutes), minutes };
  },
);

/**
 * A slot as the reader's language writes a time: the English label as it is, another
 * language through Intl (24-hour where that language uses it).
 */
export function slotText(i18n: I18n, slot: TimeSlot): string {
  if (i18n.locale === 'en') return slot.label;
  return new Intl.DateTimeFormat(i18n.locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, Math.floor(slot.minutes / 60), slot.minutes % 60),
  );
}

export const SLOT_GROUPS = [
  { key: 'morning', label: msg`Morning`, slots: TIME_SLOTS.filter((s) => s.minutes < 12 * 60) },
  {
    key: 'evening',
    label: msg`Afternoon & Evening`,
    slots: TIME_SLOTS.filter((s) => s.minutes >= 12 * 60),
  },
];

/** The local date-time `minutes` after the start of `day`. */
export const atMinutes = (day: Date, minutes: number): Date =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minutes / 60), minutes % 60);

/** The slot groups offered on `day`: on today only the slots still ahead of `now`. */
export function slotGroupsOn(day: Date | undefined, now = new Date()): typeof SLOT_GROUPS {
  if (!day) return SLOT_GROUPS;
  return SLOT_GROUPS.map((g) => ({
    ...g,
    slots: g.slots.filter((s) => atMinutes(day, s.minutes) > now),
  })).filter((g) => g.slots.length > 0);
}

/** The first day that still has a slot ahead: today, or tomorrow once today's last slot has passed. */
export function firstSchedulableDay(now = new Date()): Date {
  const today = atMinutes(now, 0);
  return slotGroupsOn(today, now).length > 0
    ? today
    : new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
}

/** The local date-time of a picked day and slot label. */
export function combineDateAndSlot(day: Date, label: string): Date {
  const slot = TIME_SLOTS.find((s) => s.label === label) ?? TIME_SLOTS[0];
  return atMinutes(day, slot.minutes);
}

export const BEST_TIMES_HINT = msg`Best times to post: weekday mornings 9:00-10:30 AM, lunch 12:00-1:30 PM, early evenings 6:30-8:00 PM, and Sunday evenings 7:00-9:00 PM.`;
