import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/schemas/common.ts';
import { instanceSettingsSchema, instanceSettingsUpdateSchema } from '#shared/schemas/instance-settings.ts';
import type { AppDeps } from '../../deps.ts';
import { operatorActor } from '../../lib/instance-audit.ts';
import { readInstanceSettings, updateInstanceSettings } from './instance-settings.service.ts';

// The sign-up policy in the console: operators only, signed in (the permission table).
export async function instanceSettingsRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/instance/settings', { schema: { response: ok(instanceSettingsSchema) } }, async () =>
    readInstanceSettings(db, config),
  );

  r.put(
    '/api/instance/settings',
    { schema: { body: instanceSettingsUpdateSchema, response: ok(instanceSettingsSchema) } },
    async (request) => updateInstanceSettings(db, config, request.body, operatorActor(request.user)),
  );
}
