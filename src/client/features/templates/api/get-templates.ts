import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import type { Template } from '#shared/schemas/templates.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * GET /api/templates, by the default query function (it reads the key's path): the
 * built-in templates, then the organisation's own. The built-in ones are worded in the
 * member's language, so the key holds the page's: a language switched in place fetches
 * them again.
 */
export const useTemplates = () => {
  const { i18n } = useLingui();
  return useQuery<Template[]>({ queryKey: [...queryKeys.templates, i18n.locale] });
};
