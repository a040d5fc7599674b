import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '#shared/schemas/common.ts';
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import type { DbHandle } from '../db/client.ts';
import { HttpError } from '../lib/errors.ts';
import { GroupCommit } from '../lib/group-commit.ts';
import { RouteLatencyHistogram } from '../lib/route-latency.ts';
import { writeCounters } from '../lib/write-counters.ts';
import { type InstanceHealth, instanceHealth } from '../modules/instance/index.ts';
import { outboxCounters } from '../modules/outbox/index.ts';
import { reminderCounters } from '../modules/reminders/index.ts';
import { noStore } from '../lib/replies.ts';

/** Route label of requests that matched no route: raw URLs would make the label set unbounded. */
const UNMATCHED = '(unmatched)';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time check of `Authorization: Bearer <token>` (hashing first evens out the lengths). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(given), expected);
}

/** A counter that mirrors a process-wide tally at scrape time. */
function mirrorCounter(registry: Registry, name: string, help: string, read: () => number): Counter<string> {
  let reported = 0;
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      if (now > reported) this.inc(now - reported);
      reported = now;
    },
  });
}

/** The process-wide tallies that scrapes report as counters: name, help, and the tally. */
const MIRRORED_COUNTERS: [name: string, help: string, read: () => number][] = [
  ['rally_shares_logged_total', 'Shares supporters logged as posted', () => writeCounters.sharesLogged],
  [
    'rally_shares_scheduled_total',
    'Shares supporters scheduled for later',
    () => writeCounters.sharesScheduled,
  ],
  ['rally_clicks_total', 'Tracked-link visits counted as click-throughs', () => writeCounters.clicksRecorded],
  [
    'rally_reminder_emails_sent_total',
    'Reminder emails handed to the outbox (rally_mail_* say whether they left)',
    () => reminderCounters.emailSent,
  ],
  [
    'rally_reminder_emails_failed_total',
    'Reminder emails not handed to the outbox',
    () => reminderCounters.emailFailed,
  ],
  ['rally_mail_sent_total', 'Outbox mails the SMTP server accepted', () => outboxCounters.sent],
  ['rally_mail_failed_total', 'Outbox mails refused on every try', () => outboxCounters.failed],
  ['rally_mail_held_total', 'Outbox mails held by a spent daily budget', () => outboxCounters.held],
  ['rally_mail_expired_total', 'Outbox mails that expired unsent', () => outboxCounters.expired],
  [
    'rally_reminder_pushes_sent_total',
    'Reminder pushes a push service accepted',
    () => reminderCounters.pushSent,
  ],
  [
    'rally_reminder_pushes_failed_total',
    'Reminder pushes refused or not delivered',
    () => reminderCounters.pushFailed,
  ],
];

function buildRegistry(database: DbHandle): { registry: Registry; duration: RouteLatencyHistogram } {
  const registry = new Registry();
  // Process CPU/memory/GC/handles and event-loop lag (nodejs_eventloop_lag_seconds and
  // the nodejs_eventloop_lag_p99_seconds family from perf_hooks' delay monitor).
  collectDefaultMetrics({ register: registry });

  const duration = new RouteLatencyHistogram(
    'http_request_duration_seconds',
    'Time to answer HTTP requests, by method, route pattern and status; its _count is the request count',
  );
  registry.registerMetric(duration as unknown as Metric);

  for (const [name, help, read] of MIRRORED_COUNTERS) mirrorCounter(registry, name, help, read);

  new Gauge({
    name: 'rally_db_pending_writes',
    help: 'Share and click writes queued for or inside a group commit (SQLite); 0 on PostgreSQL',
    registers: [registry],
    collect() {
      this.set(GroupCommit.pending());
    },
  });

  const poolStats = database.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'rally_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  } else {
    // SQLite: one connection, writes grouped in-process; its queue is rally_db_pending_writes.
    new Gauge({
      name: 'rally_db_pool_connections',
      help: 'SQLite: the one embedded connection',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, 1);
      },
    });
  }
  registerInstanceHealth(registry, database);
  return { registry, duration };
}

/**
 * The operator console's health figures (GET /api/instance/health), read once per scrape
 * and shared by the gauges below: each gauge's collect asks within the same scrape.
 */
function registerInstanceHealth(registry: Registry, database: DbHandle): void {
  let pending: { at: number; read: Promise<InstanceHealth> } | undefined;
  const health = () => {
    if (!pending || Date.now() - pending.at > 1000)
      pending = { at: Date.now(), read: instanceHealth({ db: database.db, dialect: database.dialect }) };
    return pending.read;
  };
  const gauge = (
    name: string,
    help: string,
    labelNames: string[],
    set: (g: Gauge<string>, h: InstanceHealth) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        set(this, await health());
      },
    });
  gauge(
    'rally_job_lag_seconds',
    'How far each background job is behind (see GET /api/instance/health)',
    ['job'],
    (g, h) => {
      for (const job of h.jobs) g.set({ job: job.name }, job.lagSeconds);
    },
  );
  gauge(
    'rally_outbox_mail',
    'Outbox mail waiting, held, and failed, expired and sent in the last 24 hours',
    ['state'],
    (g, h) => {
      g.set({ state: 'waiting' }, h.outbox.waiting);
      g.set({ state: 'held' }, h.outbox.held);
      g.set({ state: 'failed_24h' }, h.outbox.failed24h);
      g.set({ state: 'expired_24h' }, h.outbox.expired24h);
      g.set({ state: 'sent_24h' }, h.outbox.sent24h);
    },
  );
  gauge('rally_storage_used_bytes', 'Bytes the stored uploads use, every organisation', [], (g, h) =>
    g.set(h.storage.usedBytes),
  );
  gauge(
    'rally_database_size_bytes',
    'Size of the database (SQLite file pages, pg_database_size)',
    [],
    (g, h) => g.set(h.database.sizeBytes),
  );
  gauge('rally_migrations_applied', 'Database migrations applied', [], (g, h) => g.set(h.migrations.applied));
  gauge('rally_version_info', 'The running version, as a label (always 1)', ['version'], (g, h) =>
    g.set({ version: h.version }, 1),
  );
}

/**
 * Prometheus metrics on GET /metrics. Off unless METRICS_TOKEN is set: then no
 * per-request hook exists at all, and /metrics is a 404. When on, scrapes need
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise), and one onResponse hook
 * records every request into a histogram made for that path (lib/route-latency.ts).
 */
/** Prometheus text exposition format; errors are the usual JSON. */
const metricsSchema = {
  response: { 200: { content: { 'text/plain': { schema: z.string() } } }, ...errorResponses },
};

export function registerMetrics(
  app: FastifyInstance,
  opts: { token: string | undefined; database: DbHandle },
): void {
  const { token, database } = opts;
  if (!token) {
    app.get('/metrics', { schema: metricsSchema }, async () => {
      throw new HttpError(404, 'NOT_FOUND', 'Not found');
    });
    return;
  }
  const expected = digest(token);
  const { registry, duration } = buildRegistry(database);

  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      request.routeOptions.url ?? UNMATCHED,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', { onRequest: noStore, schema: metricsSchema }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'NOT_AUTHENTICATED', 'Not authenticated');
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
