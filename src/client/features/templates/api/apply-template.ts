import { useMutation } from '@tanstack/react-query';
import type { UsedTemplate } from '#shared/schemas/templates.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** POST /api/templates/:id/use: a new active campaign with the template's starter assets. */
export const applyTemplate = (templateId: string, name?: string) =>
  apiRequest<UsedTemplate>(
    'POST',
    `/api/templates/${encodeURIComponent(templateId)}/use`,
    name ? { name } : {},
  );

export const useApplyTemplate = () =>
  useMutation({
    mutationFn: ({ templateId, name }: { templateId: string; name?: string }) =>
      applyTemplate(templateId, name),
  });
