import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import { fastifyTrustProxy } from './lib/client-address.ts';
import type { DbHandle } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import { AppShell } from './html/app-shell.ts';
import { createMailer } from './lib/mail.ts';
import { apiKeysRoutes } from './modules/api-keys/index.ts';
import { assetEditRoutes, assetsRoutes } from './modules/assets/index.ts';
import { accountRoutes } from './modules/account/index.ts';
import {
  authRoutes,
  configurePasswordWork,
  DEFAULT_HASH_CONCURRENCY,
  DEFAULT_HASH_QUEUE_PER_SLOT,
} from './modules/auth/index.ts';
import { campaignLifecycleRoutes, campaignsRoutes } from './modules/campaigns/index.ts';
import { debugRoutes } from './modules/debug/index.ts';
import { goalsRoutes } from './modules/goals/index.ts';
import { importsRoutes } from './modules/imports/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { membersRoutes } from './modules/members/index.ts';
import {
  heldMailRoutes,
  instanceAuditRoutes,
  instanceHealthRoutes,
  instanceSettingsRoutes,
  organizationsTableRoutes,
  suspensionRoutes,
} from './modules/instance/index.ts';
import { momentsRoutes } from './modules/moments/index.ts';
import { qrRoutes } from './modules/qr/index.ts';
import { recognitionRoutes } from './modules/recognition/index.ts';
import { privacyRequestRoutes } from './modules/privacy/index.ts';
import { organizationRoutes } from './modules/organizations/index.ts';
import { embedRoutes } from './modules/embed/index.ts';
import { settingsRoutes } from './modules/settings/index.ts';
import { sharesRoutes } from './modules/shares/index.ts';
import { statsRoutes } from './modules/stats/index.ts';
import {
  confirmationRoutes,
  createCacheInvalidation,
  SupporterCache,
  supporterRoutes,
} from './modules/supporter/index.ts';
import { templatesRoutes } from './modules/templates/index.ts';
import { createUploadStorage, FetchSlots, uploadsRoutes } from './modules/uploads/index.ts';
import { webhooksRoutes } from './modules/webhooks/index.ts';
import { previewOpenRevision, registerReviewGate, reviewsRoutes } from './modules/reviews/index.ts';
import { BEARER_SCHEME, documentTransform, openApiRoutes } from './plugins/openapi.ts';
import { webhooksDocument } from './plugins/openapi-webhooks.ts';
import { registerAuth } from './plugins/auth.ts';
import { backgroundJobs } from './jobs/index.ts';
import { JobRunner } from './jobs/runner.ts';
import { startWebhookSenderThread, type WebhookSenderThread } from './modules/outbox/index.ts';
import { loadVisitorCookieKey } from './lib/app-secrets.ts';
import { loadReminderKeys, reminderConfirmRoutes, remindersRoutes } from './modules/reminders/index.ts';
import { myDataRoutes } from './modules/privacy/index.ts';
import { registerContentTypePolicy } from './plugins/content-type.ts';
import { createRequestIdGenerator } from './lib/request-id.ts';
import { registerErrorHandler, sendFrameworkError } from './plugins/error-handler.ts';
import { registerHealth } from './plugins/health.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerPermissions } from './plugins/permissions.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerUnreadBodyPolicy } from './plugins/unread-body.ts';

export const JSON_BODY_LIMIT = 1024 * 1024;

/** The services shared by every route module; one set per app. */
export function createAppDeps(opts: {
  config: Config;
  database: DbHandle;
  /** Where mail failures are logged. */
  log?: FastifyBaseLogger;
}): AppDeps {
  const { config, database } = opts;
  // The request thread keeps the sender when there is no timer to run it (tests step it by hand).
  const webhookSenderThread =
    database.dialect === 'postgres' &&
    Boolean(database.databaseUrl) &&
    config.webhookSenderThread &&
    config.rollupIntervalMs > 0;
  const supporterCache = new SupporterCache();
  const uploads = createUploadStorage(config);
  const mailer = createMailer(config, opts.log);
  return {
    db: database.db,
    dialect: database.dialect,
    config,
    shell: new AppShell(config.clientDist),
    supporterCache,
    supporterCacheSync: createCacheInvalidation(database, supporterCache),
    uploads,
    mailer,
    fetchSlots: new FetchSlots(config.uploadFetchConcurrency),
    reviewPreview: (campaign, live) => previewOpenRevision(database.db, campaign, live),
    jobs: new JobRunner({
      db: database.db,
      dialect: database.dialect,
      jobs: backgroundJobs({
        db: database.db,
        dialect: database.dialect,
        config,
        uploads,
        mailer,
        log: opts.log,
        webhookSender: !webhookSenderThread,
      }),
      intervalMs: config.rollupIntervalMs,
    }),
    webhookSenderThread,
  };
}

/**
 * Builds the app in a fixed order: external plugins, app plugins, routes. Tests
 * may pass `deps` built with createAppDeps to reach the same cache the app uses.
 */
export async function buildApp(opts: {
  config: Config;
  database: DbHandle;
  logger?: boolean;
  deps?: AppDeps;
  /** Sees every route as it is registered (the contract test checks each has a response schema). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the JSON log lines go (stdout unless given; tests read them). */
  logStream?: { write: (line: string) => void };
}): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    // Pino: one JSON object per line, each request's lines carrying its `reqId`.
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, ...(opts.logStream && { stream: opts.logStream }) },
    genReqId: createRequestIdGenerator(),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors: sendFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  // Collects every route's zod schemas (registered before the routes) into the
  // OpenAPI document served at /api/openapi.json.
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rally API',
        description: 'Campaign sharing for organisations and their supporters',
        version: '1.0.0',
      },
      components: { securitySchemes: BEARER_SCHEME },
      webhooks: webhooksDocument(),
    },
    transform: documentTransform,
  });
  await app.register(cookie);
  await registerSecurity(app);
  registerContentTypePolicy(app);
  registerUnreadBodyPolicy(app);
  registerErrorHandler(app);
  registerAuth(app, database.db, config);
  registerPermissions(app, database.db, config);
  registerMetrics(app, { token: config.metricsToken, database });
  app.decorate('visitorCookieKey', await loadVisitorCookieKey(database.db));
  // The VAPID keys are made on the first start and kept, the same for every instance.
  await loadReminderKeys(database.db);

  const deps = opts.deps ?? createAppDeps({ config, database, log: app.log });
  const hashConcurrency = config.passwordHashConcurrency ?? DEFAULT_HASH_CONCURRENCY;
  configurePasswordWork({
    concurrency: hashConcurrency,
    queue: config.passwordHashQueue ?? hashConcurrency * DEFAULT_HASH_QUEUE_PER_SLOT,
  });
  if (config.smtpUrl && !config.publicUrl) {
    app.log.warn(
      'Mail is on but PUBLIC_URL is not set: links in mail (password resets, invitations, reminders) use the host of the request only when it is on ALLOWED_HOSTS, and are not mailed otherwise. Set PUBLIC_URL to the address people open.',
    );
  }
  registerHealth(app, { db: database.db, storage: deps.uploads });
  // Other instances' invalidations: listening before the app answers, stopped before the database closes.
  await deps.supporterCacheSync.start(app.log);
  app.addHook('onClose', () => deps.supporterCacheSync.stop());

  // Before the routes: the gate adds itself to the campaign and asset writes it guards.
  registerReviewGate(app, deps);
  for (const routes of [
    authRoutes,
    accountRoutes,
    organizationRoutes,
    membersRoutes,
    apiKeysRoutes,
    webhooksRoutes,
    settingsRoutes,
    privacyRequestRoutes,
    campaignsRoutes,
    campaignLifecycleRoutes,
    importsRoutes,
    assetsRoutes,
    assetEditRoutes,
    uploadsRoutes,
    statsRoutes,
    qrRoutes,
    templatesRoutes,
    reviewsRoutes,
    // Debug helpers exist only on a server started with DEV_TOOLS=1 (404 otherwise).
    ...(config.devTools ? [debugRoutes] : []),
    sharesRoutes,
    momentsRoutes,
    supporterRoutes,
    goalsRoutes,
    confirmationRoutes,
    embedRoutes,
    remindersRoutes,
    myDataRoutes,
    recognitionRoutes,
    reminderConfirmRoutes,
    notificationsRoutes,
    // The instance console (modules/instance): operators only.
    instanceSettingsRoutes,
    organizationsTableRoutes,
    instanceHealthRoutes,
    suspensionRoutes,
    heldMailRoutes,
    instanceAuditRoutes,
    openApiRoutes,
  ]) {
    await app.register(routes, deps);
  }

  await registerSpa(app, { clientDist: config.clientDist, shell: deps.shell });

  // One runner for every background job (jobs/index.ts). Stopped in onClose, which
  // app.close() awaits, so a tick in progress ends before the database is closed.
  app.decorate('jobs', deps.jobs);
  let webhookSender: WebhookSenderThread | undefined;
  app.addHook('onReady', async () => {
    deps.jobs.start((job, err) => app.log.error({ err }, `background job ${job} failed`));
    if (deps.webhookSenderThread && database.databaseUrl)
      webhookSender = startWebhookSenderThread({
        databaseUrl: database.databaseUrl,
        pgSchema: database.pgSchema,
        config,
        intervalMs: config.rollupIntervalMs,
        log: app.log,
      });
  });
  app.addHook('onClose', async () => {
    await Promise.all([deps.jobs.stop(), webhookSender?.stop()]);
  });
  return app;
}
