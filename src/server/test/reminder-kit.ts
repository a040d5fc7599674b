import type { ParsedMail } from 'mailparser';
import { reminderMailOutcomes, remindersJob } from '../modules/reminders/index.ts';
import { JobRunner } from '../jobs/runner.ts';
import { addressKey, loadAddressKeySecret, mailboxKey } from '../lib/address-key.ts';
import { startPushEndpoint } from './push-endpoint.ts';
import { startSmtp } from './smtp.ts';
import { createTestApp, madeInBeforeAll, readThrough, type TestApp } from './test-app.ts';
import { outboxSenderJob } from '../modules/outbox/index.ts';
import { reminderDataRetentionJob } from '../modules/privacy/index.ts';

// Test helpers for reminders and the outbox (tests only).

/**
 * A runner over `app`'s database with the reminders job, the outbox's sender and the
 * reminder-data retention (lapsed links and confirmations), on the test's clock.
 */
export function reminderRunner(app: TestApp, clock: () => number) {
  const { db, dialect } = app.database;
  return new JobRunner({
    db,
    dialect,
    jobs: [
      remindersJob({ db, config: app.config, now: clock }),
      reminderDataRetentionJob({ db, now: clock }),
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
  const secret = await loadAddressKeySecret(app.database.db);
  await app.database.db
    .insertInto('reminderAddresses')
    .values({
      organizationId,
      emailKey: addressKey(secret, email),
      mailboxKey: mailboxKey(secret, email),
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

/**
 * The instances a reminder test file needs, made once for the file: a test SMTP server
 * and Web Push endpoint; `t` mails through them (with `env` on top of mailingEnv);
 * `t2`, a second instance on t's database; `strict`, production settings (no mail,
 * public https push endpoints only). Their own job runners stay off (ROLLUP_INTERVAL_MS
 * 0: on PostgreSQL a tick of theirs would hold a job's lock and make the test's runner
 * skip): a test runs reminderRunner, on its own clock.
 */
export function reminderAppsPerFile(origin: string, env: Record<string, string> = {}) {
  const current = madeInBeforeAll(
    async () => {
      const smtp = await startSmtp();
      const push = await startPushEndpoint();
      const t = await createTestApp({ ...mailingEnv(smtp.url, origin), ...env });
      const t2 = await createTestApp({ ...mailingEnv(smtp.url, origin), ...env }, { sameDatabaseAs: t });
      const strict = await createTestApp({ PUBLIC_URL: origin, ROLLUP_INTERVAL_MS: '0' });
      return { smtp, push, t, t2, strict };
    },
    async ({ smtp, push, t, t2, strict }) => {
      await t2.close();
      await t.close();
      await strict.close();
      await smtp.close();
      await push.close();
    },
  );
  return {
    smtp: readThrough(() => current().smtp),
    push: readThrough(() => current().push),
    t: readThrough(() => current().t),
    t2: readThrough(() => current().t2),
    strict: readThrough(() => current().strict),
  };
}

/**
 * For a test file of mail: one SMTP server for the file, instances made by `appWith`
 * that mail to it (mailingEnv for `origin`, then `env`; all closed after the file),
 * and the mail an address got.
 */
export function mailingApps(origin: string) {
  const apps: TestApp[] = [];
  const current = madeInBeforeAll(startSmtp, async (smtp) => {
    for (const app of apps.reverse()) await app.close();
    await smtp.close();
  });
  return {
    smtp: readThrough(current),
    async appWith(env: Record<string, string> = {}, sameDatabaseAs?: TestApp) {
      const app = await createTestApp({ ...mailingEnv(current().url, origin), ...env }, { sameDatabaseAs });
      apps.push(app);
      return app;
    },
    mailsTo: (to: string) =>
      current().messages.filter((m: ParsedMail) =>
        [m.to]
          .flat()
          .flatMap((a) => a?.value ?? [])
          .some((v) => v.address?.toLowerCase() === to.toLowerCase()),
      ),
  };
}
