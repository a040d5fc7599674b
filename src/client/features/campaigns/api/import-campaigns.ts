import { useMutation } from '@tanstack/react-query';
import type { ImportResult } from '#shared/schemas/imports.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidate } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The import template (GET, a CSV file to download). */
export const IMPORT_TEMPLATE_URL = '/api/campaigns/import/template.csv';

/** POST /api/campaigns/import with the file (multipart, field `file`): a dry run unless `dryRun` is false. */
export function importCampaigns({ file, dryRun }: { file: File; dryRun: boolean }): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<ImportResult>('POST', `/api/campaigns/import?dryRun=${dryRun}`, form);
}

/** The dry run changes nothing; a real run refreshes the campaign lists and the stats card. */
export const useImportCampaigns = () =>
  useMutation({
    mutationFn: importCampaigns,
    onSuccess: (result) => {
      if (!result.dryRun) void invalidate([queryKeys.campaigns, queryKeys.organizationStats]);
    },
  });
