// What a supporter reads instead of share buttons while sharing is closed: the supporter
// page and the embeddable share card (rendered on the server) say the same. The words are
// message descriptors of the `shared` catalog (src/shared/locales), rendered by the
// client with `i18n._(descriptor, values)` and by the server with `translate()`.
import type { Availability } from './schemas/shares.ts';

type Words = { id: string; message: string };

/** A closed notice's title and body, with the values they are rendered with. */
export interface ClosedNotice {
  title: Words;
  body: Words;
  /** `date`: the start date of a campaign that has not started, a Date (formatted in the reader's locale). */
  values: Record<string, unknown>;
}

const PAUSED = {
  title: /*i18n*/ { id: 'closed.paused.title', message: 'Sharing is paused for now' },
  body: /*i18n*/ {
    id: 'closed.paused.body',
    message:
      'The team has paused this campaign. Check back soon: your shares will count again once it resumes.',
  },
};
const ENDED = {
  title: /*i18n*/ { id: 'closed.ended.title', message: 'This campaign has ended' },
  body: /*i18n*/ { id: 'closed.ended.body', message: 'Thank you to everyone who shared.' },
};
const STARTS_ON = /*i18n*/ { id: 'closed.startsOn', message: 'This campaign starts on {date, date, long}' };
const NOT_STARTED = /*i18n*/ { id: 'closed.notStarted', message: 'This campaign has not started yet' };
const COME_BACK = /*i18n*/ {
  id: 'closed.comeBack',
  message: 'Come back then to share it with your friends.',
};

/** What the page says instead of share buttons when sharing is closed; null while it is open. */
export function closedNotice(a: Availability): ClosedNotice | null {
  switch (a.state) {
    case 'paused':
      return { ...PAUSED, values: {} };
    case 'ended':
      return { ...ENDED, values: {} };
    case 'not-started':
      return a.startsAt
        ? { title: STARTS_ON, body: COME_BACK, values: { date: new Date(a.startsAt) } }
        : { title: NOT_STARTED, body: COME_BACK, values: {} };
    default:
      return null;
  }
}
