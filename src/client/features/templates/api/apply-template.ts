import { useMutation } from '@tanstack/react-query';
import type { UsedTemplate, UseTemplateInput } from '#shared/schemas/templates.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidate } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** POST /api/templates/:id/use: a new campaign (active, or a draft) with the template's starter assets. */
export const applyTemplate = (templateId: string, input: UseTemplateInput = {}) =>
  apiRequest<UsedTemplate>('POST', `/api/templates/${encodeURIComponent(templateId)}/use`, input);

export const useApplyTemplate = () =>
  useMutation({
    mutationFn: ({ templateId, ...input }: { templateId: string } & UseTemplateInput) =>
      applyTemplate(templateId, input),
    onSuccess: () => invalidate([queryKeys.campaigns, queryKeys.organizationStats]),
  });
