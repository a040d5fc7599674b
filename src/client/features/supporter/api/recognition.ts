import { useMutation, useQuery } from '@tanstack/react-query';
import type { SupporterBoard, SupporterProfile, SupporterProfileInput } from '#shared/schemas/recognition.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidate } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The campaign's public board: named supporters who opted in (docs/api.md "Recognition"). */
export const useBoard = (campaignId: number) =>
  useQuery({
    queryKey: queryKeys.supporterBoard(campaignId),
    queryFn: () => apiRequest<SupporterBoard>('GET', queryKeys.supporterBoard(campaignId)[0]),
  });

/** This visitor's own display name and board choice (their signed cookie). */
export const useOwnProfile = (campaignId: number) =>
  useQuery({
    queryKey: queryKeys.supporterProfile(campaignId),
    queryFn: () => apiRequest<SupporterProfile>('GET', queryKeys.supporterProfile(campaignId)[0]),
  });

export const useSaveProfile = (campaignId: number) =>
  useMutation({
    mutationFn: (input: SupporterProfileInput) =>
      apiRequest<SupporterProfile>('PUT', queryKeys.supporterProfile(campaignId)[0], input),
    onSuccess: () =>
      invalidate([queryKeys.supporterProfile(campaignId), queryKeys.supporterBoard(campaignId)]),
  });
