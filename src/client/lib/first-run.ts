import { useQuery } from '@tanstack/react-query';
import type { FirstRun, FirstRunStep } from '#shared/schemas/account.ts';
import { apiRequest } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

// The first-run checklist's two steps that leave no trace in the organisation's data
// (copying a supporter link, opening the supporter page) and its dismissal, kept on the
// server per member (GET and PUT /api/user/first-run), so every device and every
// sign-in shows them. The other steps (a campaign, an asset) are read from the
// organisation's real data.

export type FirstRunEvent = FirstRunStep;
type FirstRunEvents = Partial<Record<FirstRunEvent, true>>;

/** Records that a step happened: shown at once, kept by the server (a failed write shows the truth again). */
export function markFirstRun(orgId: number, event: FirstRunEvent): void {
  const key = queryKeys.firstRun(orgId);
  const current = queryClient.getQueryData<FirstRun>(key);
  if (current?.steps.includes(event)) return;
  queryClient.setQueryData<FirstRun>(key, { steps: [...(current?.steps ?? []), event] });
  apiRequest('PUT', `/api/user/first-run/${event}`).catch(() =>
    queryClient.invalidateQueries({ queryKey: key }),
  );
}

/** The recorded first-run events of the member in an organisation; null until they are read. */
export function useFirstRunEvents(orgId: number | null): FirstRunEvents | null {
  const { data } = useQuery<FirstRun>({ queryKey: queryKeys.firstRun(orgId ?? 0), enabled: orgId !== null });
  return data ? Object.fromEntries(data.steps.map((s) => [s, true])) : null;
}
