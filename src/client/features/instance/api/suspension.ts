import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  HeldMailOutcome,
  HeldMailPage,
  InstanceAuditPage,
  SuspendOrganizationInput,
} from '#shared/schemas/instance-suspension.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidate } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

// The operators' suspensions, held mail and the instance audit log (docs/api.md "Operators").

/** Every write here changes the table's status, the held mail and the audit log: all three are read again. */
const refreshConsole = () =>
  invalidate([queryKeys.instanceOrganizations, queryKeys.instanceHeldMail, queryKeys.instanceAudit]);

/** POST /api/instance/organizations/:id/suspend, or .../restore without a reason. */
export const useSuspension = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: number } & Partial<SuspendOrganizationInput>) =>
      reason === undefined
        ? apiRequest('POST', `/api/instance/organizations/${id}/restore`)
        : apiRequest('POST', `/api/instance/organizations/${id}/suspend`, { reason }),
    onSettled: refreshConsole,
  });

/** One page of a paged console list; the page on screen stays while the next one loads. */
const usePaged = <T>(key: readonly unknown[], path: string, page: number) =>
  useQuery({
    queryKey: [...key, page],
    queryFn: () => apiRequest<T>('GET', `${path}?page=${page}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/instance/held-mail?page= */
export const useHeldMail = (page: number) =>
  usePaged<HeldMailPage>(queryKeys.instanceHeldMail, '/api/instance/held-mail', page);

/** GET /api/instance/audit?page= */
export const useInstanceAudit = (page: number) =>
  usePaged<InstanceAuditPage>(queryKeys.instanceAudit, '/api/instance/audit', page);

/** POST /api/instance/held-mail/:id/release or /drop. */
export const useHeldMailAction = () =>
  useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'release' | 'drop' }) =>
      apiRequest<HeldMailOutcome>('POST', `/api/instance/held-mail/${id}/${action}`),
    onSettled: refreshConsole,
  });
