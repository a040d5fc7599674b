import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll } from 'vitest';
import { reminderMailOutcomes, remindersJob } from '../modules/reminders/index.ts';
import { JobRunner } from '../jobs/runner.ts';
import { addressKey, loadAddressKeySecret } from '../lib/address-key.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';
import { createTestApp, type TestApp } from './test-app.ts';
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

/**
 * For a test file of mail: one SMTP server, apps made by `appWith` that mail to it
 * with `base` settings (all closed after the file), and the mail an address got.
 */
export function mailingApps(base: Record<string, string>) {
  let server: TestSmtp | undefined;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    server = await startSmtp();
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    await server?.close();
  });
  const smtp = () => {
    if (!server) throw new Error('the SMTP server starts in beforeAll: use it inside a test');
    return server;
  };
  return {
    get smtp() {
      return smtp();
    },
    async appWith(env: Record<string, string> = {}, sameDatabaseAs?: TestApp) {
      const app = await createTestApp({ SMTP_URL: smtp().url, ...base, ...env }, { sameDatabaseAs });
      apps.push(app);
      return app;
    },
    mailsTo: (to: string) =>
      smtp().messages.filter((m: ParsedMail) =>
        [m.to]
          .flat()
          .flatMap((a) => a?.value ?? [])
          .some((v) => v.address?.toLowerCase() === to.toLowerCase()),
      ),
  };
}
