import { useMutation } from '@tanstack/react-query';
import type { CreateOrganizationInput, Organization } from '#shared/schemas/organizations.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export const createOrganization = (input: CreateOrganizationInput) =>
  apiRequest<Organization>('POST', '/api/organizations', input);

/**
 * POST /api/organizations. The creator becomes a member, so the user is refetched
 * (and awaited: protected routes read user.organizationId) and the organisation too.
 */
export const useCreateOrganization = () =>
  useMutation({
    mutationFn: createOrganization,
    onSuccess: async (org) => {
      queryClient.setQueryData(queryKeys.organization, org);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user }),
        queryClient.invalidateQueries({ queryKey: queryKeys.organization }),
      ]);
    },
  });
