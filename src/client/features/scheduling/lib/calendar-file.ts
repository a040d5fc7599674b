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
  return foldIcsLines(value);
}

/** The UTF-8 length of one code point. */
const octets = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/**
 * RFC 5545 section 3.1: content lines of at most 75 octets (not characters, as `ics`
 * counts), folded by CRLF and a space, never inside a UTF-8 character. The file is
 * unfolded first; its values carry no raw line breaks (they are escaped as `\n`).
 */
export function foldIcsLines(ics: string): string {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => {
      const parts: string[] = [];
      let part = '';
      let size = 0;
      for (const ch of line) {
        const n = octets(ch.codePointAt(0) ?? 0);
        // A continuation line starts with its space: 74 octets of content after it.
        if (size + n > (parts.length === 0 ? 75 : 74)) {
          parts.push(part);
          part = '';
          size = 0;
        }
        part += ch;
        size += n;
      }
      parts.push(part);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

export async function downloadReminderIcs(event: ReminderEvent, fileName = 'rally-share.ics'): Promise<void> {
  const ics = await buildReminderIcs(event);
  saveFile(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), fileName);
}
