import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Template } from '#shared/schemas/templates.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const TEMPLATES_KEY = ['/api/templates'] as const;

/** GET /api/templates: the built-in templates, then the organisation's own. */
export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: TEMPLATES_KEY,
    queryFn: () => apiRequest<Template[]>('GET', '/api/templates'),
  });

export const useTemplates = () => useQuery(templatesQueryOptions());
