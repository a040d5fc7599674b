// What a supporter reads instead of share buttons while sharing is closed: the supporter
// page and the embeddable share card (rendered on the server) say the same.
import type { Availability } from './schemas/shares.ts';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** What the page says instead of share buttons when sharing is closed; null while it is open. */
export function closedNotice(a: Availability): { title: string; body: string } | null {
  switch (a.state) {
    case 'paused':
      return {
        title: 'Sharing is paused for now',
        body: 'The team has paused this campaign. Check back soon: your shares will count again once it resumes.',
      };
    case 'ended':
      return {
        title: 'This campaign has ended',
        body: 'Thank you to everyone who shared.',
      };
    case 'not-started':
      return {
        title: a.startsAt
          ? `This campaign starts on ${longDate(a.startsAt)}`
          : 'This campaign has not started yet',
        body: 'Come back then to share it with your friends.',
      };
    default:
      return null;
  }
}
