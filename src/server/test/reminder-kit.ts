import type { ParsedMail } from 'mailparser';
import { reminderMailOutcomes, remindersJob } from '../modules/reminders/index.ts';
import { JobRunner } from '../jobs/runner.ts';
import { addressKey, loadAddressKeySecret } from '../lib/address-key.ts';
import type { TestApp } from './test-app.ts';
import { outboxSenderJob } from '../modules/outbox/index.ts';

// Test helpers for reminders and the outbox (tests only).

/** A runner over `app`'s database with the reminders job and the outbox's sender, on the test's clock. */
export function reminderRunner(app: TestApp, clock: () => number) {
  const { db, dialect } = app.database;
  return new JobRunner({
    db,
    dialect,
    jobs: [
      remindersJob({ db, config: app.config, now: clock }),
      outboxSenderJob({
        db,
        dialect,
        config: app.config,
        mailer: app.deps.mailer,
        outcomes: { reminder: reminderMailOutcomes },
        now: clock,
      }),
    ],
    intervalMs: 0,
  });
}

/** As if `email` had confirmed reminders from this organisation. */
export async function markConfirmed(app: TestApp, organizationId: number, email: string) {
  const now = new Date().toISOString();
  await app.database.db
    .insertInto('reminderAddresses')
    .values({
      organizationId,
      emailKey: addressKey(await loadAddressKeySecret(app.database.db), email),
      status: 'confirmed',
      tokenHash: null,
      createdAt: now,
      expiresAt: null,
      confirmedAt: now,
    })
    .execute();
}

/** The confirmation link a confirmation mail carries (its path). */
export const confirmLink = (mail: ParsedMail): string => {
  const url = /https?:\/\/\S+\/reminders\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
  if (!url) throw new Error(`no confirmation link in: ${mail.text}`);
  return new URL(url).pathname;
};

/** The settings of an instance whose mail goes to the test SMTP server at `smtpUrl`. */
export const mailingEnv = (smtpUrl: string, publicUrl: string) => ({
  ROLLUP_INTERVAL_MS: '0',
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'Rally <rally@example.org>',
  PUBLIC_URL: publicUrl,
  // The new-organisation hold has tests of its own (outbox.test.ts).
  MAIL_HOLD_NEW_ORGS_HOURS: '0',
});

/** A form POST as a mail client or a page's button sends it (`payload` url-encoded). */
export const postForm = (app: TestApp, url: string, payload = '', headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload,
  });
