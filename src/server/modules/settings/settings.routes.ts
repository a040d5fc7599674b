import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { organizationSettingsSchema, updateSettingsSchema } from '#shared/schemas/settings.ts';
import type { AppDeps } from '../../deps.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { uploadStorage } from '../uploads/upload-storage.ts';
import { getSettings, updateSettings } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = uploadStorage(config);

  r.get(
    '/api/organization/settings',
    { schema: { response: { 200: organizationSettingsSchema } } },
    async (request) => getSettings(db, orgScope(request.user.organizationId)),
  );

  r.put(
    '/api/organization/settings',
    { schema: { body: updateSettingsSchema, response: { 200: organizationSettingsSchema } } },
    async (request) =>
      updateSettings({
        db,
        storage,
        orgId: orgScope(request.user.organizationId),
        actorId: request.user.id,
        input: request.body,
      }),
  );
}
