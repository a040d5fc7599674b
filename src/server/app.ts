import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import { AppShell } from './html/app-shell.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.ts';
import { debugRoutes } from './modules/debug/debug.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { sharesRoutes } from './modules/shares/shares.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { clicksRoutes } from './modules/supporter/clicks.routes.ts';
import { supporterRoutes } from './modules/supporter/supporter.routes.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { JobRunner } from './jobs/runner.ts';
import { rollupJob } from './jobs/rollups.ts';
import { loadVisitorCookieKey } from './lib/app-secrets.ts';
import { registerContentTypePolicy } from './plugins/content-type.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Builds the app in a fixed order: external plugins, app plugins, routes. */
export async function buildApp(opts: {
  config: Config;
  database: DbHandle;
  logger?: boolean;
}): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  await registerSecurity(app);
  registerContentTypePolicy(app);
  registerErrorHandler(app);
  registerAuth(app, database.db);
  app.decorate('visitorCookieKey', await loadVisitorCookieKey(database.db));

  const shell = new AppShell(config.clientDist);
  const deps: AppDeps = { db: database.db, dialect: database.dialect, config, shell };

  for (const routes of [
    authRoutes,
    organizationRoutes,
    campaignsRoutes,
    assetsRoutes,
    uploadsRoutes,
    statsRoutes,
    templatesRoutes,
    debugRoutes,
    sharesRoutes,
    supporterRoutes,
    clicksRoutes,
  ]) {
    await app.register(routes, deps);
  }

  await registerSpa(app, { clientDist: config.clientDist, shell });

  const jobs = new JobRunner({
    db: database.db,
    dialect: database.dialect,
    jobs: [rollupJob()],
    intervalMs: config.rollupIntervalMs,
    onError: (job, err) => app.log.error({ err }, `background job ${job} failed`),
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  return app;
}
