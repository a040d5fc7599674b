import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptedInvitation, InvitationPreview } from '#shared/schemas/members.ts';
import { INVITATION_EXPIRED } from '#shared/errors.ts';
import { apiRequest, hasErrorCode } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

// The side of the person holding an invitation link (the admins' side is ./invitations.ts).

/** GET /api/invitations/:token (public): no retry, an unknown or expired link is the answer. */
export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: () => apiRequest<InvitationPreview>('GET', `/api/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });

/** What an invitation link's failure means to the person holding it, in the page's language (read at call time). */
export function invitationProblem(err: unknown): string {
  if (hasErrorCode(err, 'INVITATION_EXPIRED')) return INVITATION_EXPIRED;
  if (hasErrorCode(err, 'INVITATION_NOT_FOUND')) return i18n._(msg`This invitation is no longer valid`);
  return i18n._(msg`This invitation could not be loaded. Please try again.`);
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
