import { describe, expect, it } from 'vitest';
import { CONFIRM_SUBJECT } from '../../modules/reminders/index.ts';
import { recipients } from '../smtp.ts';
import { DAY_MS } from '#shared/durations.ts';
import { markConfirmed, reminderAppsPerFile, reminderRunner } from '../reminder-kit.ts';
import { seedCampaign, seedOrganization } from '../seed-db.ts';
import type { TestApp } from '../test-app.ts';
import { scheduleShare, visitorCookie } from '../visitor.ts';

// Review of issue 23, item 1: the daily mail budgets are there so the instance cannot be
// borrowed. They must not become a way for one brand-new organisation, whose mail is
// held and may never leave, to spend the budgets every honest organisation shares.

const { t, smtp } = reminderAppsPerFile('https://rally.example', {
  MAIL_HOLD_NEW_ORGS_HOURS: '24',
  MAIL_BUDGET_PER_RECIPIENT: '2',
  MAIL_BUDGET_PER_ORGANIZATION: '50',
  MAIL_BUDGET_PER_INSTANCE: '4',
});

/** An organisation (made `ageDays` ago) whose supporter page schedules reminders. */
async function orgScheduling(app: TestApp, ageDays: number) {
  const db = app.database.db;
  const org = await seedOrganization(db, 'Org');
  await db
    .updateTable('organizations')
    .set({ createdAt: new Date(Date.now() - ageDays * DAY_MS).toISOString() })
    .where('id', '=', org)
    .execute();
  const { campaignId, assetIds } = await seedCampaign(db, {
    organizationId: org,
    assets: [{ title: 'Post', type: 'text', content: 'Rivers need us' }],
  });
  const cookie = await visitorCookie(app.app, campaignId);
  let n = 0;
  return {
    org,
    schedule: (email: string) =>
      scheduleShare(
        app.app,
        cookie,
        { assetId: assetIds[0], campaignId, organizationId: org, inHours: 2 },
        {
          ref: `reviewref${org}x${++n}${Math.random().toString(36).slice(2, 6)}`,
          reminder: { email, consent: true },
        },
      ),
  };
}

describe('held mail of a new organisation and the shared budgets', () => {
  it('a new organisation cannot use up the instance budget with mail that is only held', async () => {
    await t.database.db.deleteFrom('outbox').execute();
    const fresh = await orgScheduling(t, 0);
    for (let i = 0; i < 4; i++)
      expect((await fresh.schedule(`held${i}@strangers.example`)).statusCode).toBe(201);
    expect(
      (await t.database.db.selectFrom('outbox').select('status').execute()).map((r) => r.status),
    ).toEqual(Array(4).fill('held'));
    // An organisation that has been running for months asks for one honest reminder.
    const honest = await orgScheduling(t, 90);
    const res = await honest.schedule('supporter@example.org');
    expect(res.statusCode, res.body).toBe(201);
  });

  it("a new organisation's held mail to an address does not spend that address's budget for others", async () => {
    await t.database.db.deleteFrom('outbox').execute();
    for (let i = 0; i < 2; i++) {
      const fresh = await orgScheduling(t, 0);
      expect((await fresh.schedule('victim@example.org')).statusCode).toBe(201);
    }
    const honest = await orgScheduling(t, 90);
    const res = await honest.schedule('victim@example.org');
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the address a reminder mail goes to', () => {
  it('is one that confirmed: a +tag of a confirmed address is another recipient', async () => {
    await t.database.db.deleteFrom('outbox').execute();
    const org = await orgScheduling(t, 90);
    await markConfirmed(t, org.org, 'alice@example.org');
    // On a mail system without sub-addressing, `alice+bob@` is somebody else's mailbox.
    const res = await org.schedule('alice+bob@example.org');
    expect(res.statusCode, res.body).toBe(201);
    const due = Date.now() + 2 * 60 * 60 * 1000 + 60_000;
    await reminderRunner(t, () => due).runOnce();
    await reminderRunner(t, () => due + 1000).runOnce();
    await new Promise((r) => setTimeout(r, 500));
    // It gets the confirmation asking whether it wants reminders (its own, counted against
    // the normalised address's budget), and nothing else: no reminder, no campaign text.
    const toTagged = smtp.messages.filter((m) => recipients(m).includes('alice+bob@example.org'));
    expect(toTagged.map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
    expect(toTagged.map((m) => m.text).join('\n')).not.toContain('"Post"');
  });
});

describe('one Gmail mailbox under its many spellings', () => {
  it('is one recipient for the budget: dots in the local part and googlemail.com reach the same inbox', async () => {
    await t.database.db.deleteFrom('outbox').execute();
    const org = await orgScheduling(t, 90);
    const spellings = [
      'victim.boss@gmail.com',
      'victimboss@gmail.com',
      'v.i.c.t.i.m.boss@gmail.com',
      'victimboss@googlemail.com',
      'vic.timboss@gmail.com',
    ];
    const statuses: number[] = [];
    for (const s of spellings) statuses.push((await org.schedule(s)).statusCode);
    // MAIL_BUDGET_PER_RECIPIENT is 2 in this file: the third spelling must be refused.
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(2);
  });
});
