import { useMutation } from '@tanstack/react-query';
import type { CreateTemplateInput, Template } from '#shared/schemas/templates.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** POST /api/templates: save a campaign's assets as the organisation's own template. */
export const createTemplate = (input: CreateTemplateInput) =>
  apiRequest<Template>('POST', '/api/templates', input);

export const useCreateTemplate = () =>
  useMutation({
    mutationFn: createTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.templates }),
  });
