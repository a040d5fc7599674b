import { saveFile } from '#client/lib/save-file.ts';

export interface ReminderEvent {
  when: Date;
  title: string;
  /** The share text the supporter will post. */
  text: string;
  /** The tracked share link. */
  url: string;
  /** The IANA zone the time was picked in (the event itself is in UTC). */
  timeZone?: string;
}

/**
 * An RFC 5545 calendar file for a scheduled share: the event starts at the scheduled
 * time (in UTC, so every calendar shows it in its own zone), carries the text and the
 * link, and alarms at the start (an absolute trigger: a zero duration would be written
 * as the invalid `-PT`). `ics` loads only when the supporter asks for the file.
 */
export async function buildReminderIcs(event: ReminderEvent): Promise<string> {
  const { createEvent } = await import('ics');
  const { error, value } = createEvent({
    start: event.when.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: 15 },
    title: event.title,
    description: `${event.text}\n\n${event.url}`,
    url: event.url,
    productId: 'rally/supporter',
    alarms: [{ action: 'display', description: event.title, trigger: event.when.getTime() }],
  });
  if (error || !value) throw error ?? new Error('Could not build the calendar file');
  return value;
}

export async function downloadReminderIcs(event: ReminderEvent, fileName = 'rally-share.ics'): Promise<void> {
  const ics = await buildReminderIcs(event);
  saveFile(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), fileName);
}
