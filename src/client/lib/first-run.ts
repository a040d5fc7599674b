import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from './device-storage.ts';
import { windowSubscription } from './window-subscription.ts';

// The first-run checklist's two steps that leave no trace in the organisation's data
// (copying a supporter link, opening the supporter page) and its dismissal, kept in
// this browser's localStorage per organisation. The other steps (a campaign, an asset)
// are read from the organisation's real data, so they are right on every device.

export type FirstRunEvent = 'linkCopied' | 'supporterOpened' | 'dismissed';
type FirstRunEvents = Partial<Record<FirstRunEvent, true>>;

const storageKey = (orgId: number) => `rally.firstRun.${orgId}`;
// Another tab of the same organisation too (the supporter page opened from the checklist).
const { subscribe, notify } = windowSubscription('storage');

const read = (orgId: number): string => readStored(storageKey(orgId)) ?? '{}';

function parse(raw: string): FirstRunEvents {
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as FirstRunEvents) : {};
  } catch {
    return {};
  }
}

/** Records that a step happened (a no-op once recorded, or where storage is refused). */
export function markFirstRun(orgId: number, event: FirstRunEvent): void {
  const events = parse(read(orgId));
  if (events[event]) return;
  if (!writeStored(storageKey(orgId), JSON.stringify({ ...events, [event]: true }))) return;
  notify();
}

/** The recorded first-run events of an organisation, updated when any tab records one. */
export function useFirstRunEvents(orgId: number | null): FirstRunEvents {
  const raw = useSyncExternalStore(subscribe, () => (orgId ? read(orgId) : '{}'));
  return parse(raw);
}
