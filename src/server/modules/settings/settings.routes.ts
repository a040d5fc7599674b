import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { organizationSettingsSchema, updateSettingsSchema } from '#shared/schemas/settings.ts';
import { ok } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { readNotificationChoices, writeNotificationChoices } from '../../lib/member-notifications.ts';
import { callerOrg, orgScope } from '../../lib/org-scope.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { getSettings, updateSettings } from './settings.service.ts';

export async function settingsRoutes(app: FastifyInstance, { db, uploads, supporterCache, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // `notifications` are the caller's own switches (each member has theirs; the full
  // set is at /api/user/notifications).
  const ownNotifications = (user: { id: number; organizationId: number | null }) =>
    readNotificationChoices(db, { userId: user.id, organizationId: orgScope(user.organizationId) });

  r.get(
    '/api/organization/settings',
    { schema: { response: ok(organizationSettingsSchema) } },
    async (request) => ({
      ...(await getSettings(db, orgScope(request.user.organizationId))),
      notifications: await ownNotifications(request.user),
    }),
  );

  r.put(
    '/api/organization/settings',
    { schema: { body: updateSettingsSchema, response: ok(organizationSettingsSchema) } },
    async (request) => {
      const { notifications, ...input } = request.body;
      const caller = callerOrg(request.user);
      if (notifications)
        await writeNotificationChoices({ db, ...caller }, notifications, {
          origin: publicOrigin(request, config),
          how: 'in the settings',
        });
      const settings =
        notifications && Object.keys(input).length === 0
          ? await getSettings(db, caller.orgId)
          : await updateSettings({ db, storage: uploads, supporterCache, ...caller, input });
      return { ...settings, notifications: await ownNotifications(request.user) };
    },
  );
}
