import type { Config } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { DialectName } from '../db/dialect.ts';
import type { Mailer } from '../lib/mail.ts';
import { campaignEndJob } from '../modules/campaigns/index.ts';
import type { FileStorage } from '../lib/storage.ts';
import { noticeMailOutcomes, notificationsJob } from '../modules/notifications/index.ts';
import { organizationFiguresJob } from '../modules/instance/index.ts';
import { outboxSenderJob, webhookSenderJob } from '../modules/outbox/index.ts';
import {
  auditRetentionJob,
  personalDataRetentionJob,
  reminderDataRetentionJob,
} from '../modules/privacy/index.ts';
import { reminderMailOutcomes, remindersJob } from '../modules/reminders/index.ts';
import { rollupJob } from '../modules/stats/index.ts';
import type { Job } from './runner.ts';
import { uploadCleanupJob } from '../modules/uploads/index.ts';

/**
 * Every background job of the server, run by the one JobRunner built in app.ts
 * (each with its own advisory lock key). A new job joins by being listed here.
 */
export function backgroundJobs(opts: {
  db: Db;
  dialect: DialectName;
  config: Config;
  uploads: FileStorage;
  mailer: Mailer;
  log?: Parameters<typeof remindersJob>[0]['log'];
  /** False when the webhook sender runs in its own thread (PostgreSQL, webhook-sender-thread.ts). */
  webhookSender?: boolean;
}): Job[] {
  return [
    rollupJob({ db: opts.db, dialect: opts.dialect }),
    uploadCleanupJob({ storage: opts.uploads }),
    remindersJob({ db: opts.db, config: opts.config, log: opts.log }),
    // Campaigns whose end date passed: their campaign.ended, before the webhook sender's turn.
    campaignEndJob({ config: opts.config }),
    notificationsJob({ db: opts.db, dialect: opts.dialect, config: opts.config, log: opts.log }),
    // After the reminders and notifications jobs: mail they hand to the outbox leaves in the same tick.
    outboxSenderJob({
      db: opts.db,
      dialect: opts.dialect,
      config: opts.config,
      mailer: opts.mailer,
      outcomes: { reminder: reminderMailOutcomes, ...noticeMailOutcomes },
      log: opts.log,
    }),
    // Webhook messages: a lock of their own, so a slow receiver never holds up mail.
    ...(opts.webhookSender === false
      ? []
      : [webhookSenderJob({ db: opts.db, dialect: opts.dialect, config: opts.config, log: opts.log })]),
    // The operator console's figures per organisation (after the rollups of this tick).
    organizationFiguresJob(),
    // Raw events' personal fields past each organisation's retention (after the rollups: only counted events are stripped).
    personalDataRetentionJob(),
    // Lapsed unsubscribe links and confirmations, a suspended organisation's overdue reminders.
    reminderDataRetentionJob({ db: opts.db }),
    // Former members' names in audit entries past each organisation's audit retention.
    auditRetentionJob(),
  ];
}
