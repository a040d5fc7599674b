import {
  SCHEDULE_FIRST_SLOT_MINUTES,
  SCHEDULE_LAST_SLOT_MINUTES,
  SCHEDULE_SLOT_STEP_MINUTES,
} from '#shared/constants.ts';

export interface TimeSlot {
  /** Minutes after midnight. */
  minutes: number;
  label: string;
}

const label = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/** Every 30 minutes from 7:00 AM to 8:30 PM (SPEC.md section 9). */
export const TIME_SLOTS: TimeSlot[] = Array.from(
  { length: (SCHEDULE_LAST_SLOT_MINUTES - SCHEDULE_FIRST_SLOT_MINUTES) / SCHEDULE_SLOT_STEP_MINUTES + 1 },
  (_, i) => {
    const minutes = SCHEDULE_FIRST_SLOT_MINUTES + i * SCHEDULE_SLOT_STEP_MINUTES;
    return { minutes, label: label(minutes) };
  },
);

export const MORNING_SLOTS = TIME_SLOTS.filter((s) => s.minutes < 12 * 60);
export const LATER_SLOTS = TIME_SLOTS.filter((s) => s.minutes >= 12 * 60);
