import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptedInvitation, InvitationPreview } from '#shared/schemas/members.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

// The side of the person holding an invitation link (the admins' side is ./invitations.ts).

/** GET /api/invitations/:token (public): no retry, a 404 or 410 is the answer. */
export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: () => apiRequest<InvitationPreview>('GET', `/api/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });

/** What an invitation link's failure means to the person holding it. */
export function invitationProblem(err: unknown): string {
  if (err instanceof ApiError && err.status === 410) return 'This invitation has expired';
  if (err instanceof ApiError && err.status === 404) return 'This invitation is no longer valid';
  return 'This invitation could not be loaded. Please try again.';
}

/**
 * POST /api/invitations/:token/accept. The user now has an organisation and a role:
 * both queries are refetched (and awaited, the route guard reads the user) before
 * the caller moves on to the dashboard.
 */
export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: () =>
      apiRequest<AcceptedInvitation>('POST', `/api/invitations/${encodeURIComponent(token)}/accept`),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.organization });
      queryClient.removeQueries({ queryKey: queryKeys.members });
      await queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
