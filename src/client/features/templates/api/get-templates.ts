import { useQuery } from '@tanstack/react-query';
import type { Template } from '#shared/schemas/templates.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * GET /api/templates, by the default query function (it reads the key's path): the
 * built-in templates, then the organisation's own.
 */
export const useTemplates = () => useQuery<Template[]>({ queryKey: queryKeys.templates });
