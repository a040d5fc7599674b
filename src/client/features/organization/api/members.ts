import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Member, Role } from '#shared/schemas/members.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

const membersQuery = queryOptions({
  queryKey: queryKeys.members,
  queryFn: () => apiRequest<Member[]>('GET', '/api/organization/members'),
});

/** GET /api/organization/members: every member with their role (any member may read it). */
export const useMembers = () => useQuery(membersQuery);

/** PUT /api/organization/members/:userId (admin). The caller's own role may be the one changed. */
export const useUpdateMemberRole = () =>
  useMutation({
    mutationFn: ({ userId, ...change }: { userId: number; role?: Role; canReview?: boolean }) =>
      apiRequest<Member>('PUT', `/api/organization/members/${userId}`, change),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.members }),
        queryClient.invalidateQueries({ queryKey: queryKeys.user }),
      ]),
  });

/**
 * DELETE /api/organization/members/:userId: an admin removing someone, or anyone
 * leaving (their own id). After leaving, the user has no organisation: the user
 * query is refetched and awaited so the route guard sends them to onboarding.
 */
export const useRemoveMember = () =>
  useMutation({
    mutationFn: ({ userId }: { userId: number; self?: boolean }) =>
      apiRequest<void>('DELETE', `/api/organization/members/${userId}`),
    onSuccess: async (_data, { self }) => {
      if (self) {
        queryClient.removeQueries({ queryKey: queryKeys.organization });
        await queryClient.invalidateQueries({ queryKey: queryKeys.user });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.members }),
  });
