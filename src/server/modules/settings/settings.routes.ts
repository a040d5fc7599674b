import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { organizationSettingsSchema, updateSettingsSchema } from '#shared/schemas/settings.ts';
import { ok } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { callerOrg, orgScope } from '../../lib/org-scope.ts';
import { getSettings, updateSettings } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance, { db, uploads, supporterCache }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/organization/settings',
    { schema: { response: ok(organizationSettingsSchema) } },
    async (request) => getSettings(db, orgScope(request.user.organizationId)),
  );

  r.put(
    '/api/organization/settings',
    { schema: { body: updateSettingsSchema, response: ok(organizationSettingsSchema) } },
    async (request) =>
      updateSettings({
        db,
        storage: uploads,
        supporterCache,
        ...callerOrg(request.user),
        input: request.body,
      }),
  );
}
