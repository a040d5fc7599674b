import { beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../lib/audit.ts';
import { addMember } from '../../test/teams.ts';
import { appPerFile, bearer, type SignedUp, sendJson, signUp } from '../../test/test-app.ts';
import { AUDIT_RETENTION_JOB, FORMER_MEMBER_TARGET, stripFormerMembers } from './audit-retention.job.ts';
import { cutoffFor } from './retention.job.ts';

// The audit retention on the database the suite runs on: entries older than their
// organisation's `auditMonths` lose the actor once that person is no longer a member
// (removed, left, gone to another organisation, account deleted), and the target of
// an entry of their own account; everything else about the entry stays, as do the
// entries of members and the newer ones. Run by the app's own job runner, so the
// tests fail if the job is not scheduled.

const t = appPerFile({ ROLLUP_INTERVAL_MS: '0' });
const db = () => t.database.db;
const NOW = Date.now();
/** An instant `months` calendar months and `days` days before now. */
const ago = (months: number, days = 0) =>
  new Date(Date.parse(cutoffFor(months, NOW)) - days * 86_400_000).toISOString();

const entriesOf = (orgId: number) =>
  db()
    .selectFrom('auditLog')
    .select(['id', 'actorId', 'action', 'target', 'createdAt', 'actorKind'])
    .where('organizationId', '=', orgId)
    .orderBy('id')
    .execute();

/** The app's runner, once, with the daily job due again. */
async function runJobs() {
  await db().deleteFrom('jobRuns').where('name', '=', AUDIT_RETENTION_JOB).execute();
  await t.app.jobs.runOnce();
}

const backdate = (ids: number[], at: string) =>
  db().updateTable('auditLog').set({ createdAt: at }).where('id', 'in', ids).execute();

const removeMember = (admin: SignedUp, userId: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/organization/members/${userId}`,
    headers: bearer(admin.token),
  });

let a: SignedUp;
beforeAll(async () => {
  a = await signUp(t.app);
});

describe('the audit retention', () => {
  it("strips a former member from the organisation's entries past its retention, and only that", async () => {
    const gone = await addMember(t.app, a, 'editor');
    const stays = await addMember(t.app, a, 'viewer');
    const moved = await addMember(t.app, a, 'viewer');
    for (const who of [gone, stays, moved])
      await recordAudit(db(), {
        organizationId: a.orgId,
        actorId: who.userId,
        action: 'campaign.created',
        target: 'campaign Spring drive',
      });
    expect((await removeMember(a, gone.userId)).statusCode).toBe(204);
    // Another organisation's member now: no longer one of this one.
    const elsewhere = await signUp(t.app);
    await db()
      .updateTable('users')
      .set({ organizationId: elsewhere.orgId })
      .where('id', '=', moved.userId)
      .execute();
    await backdate(
      (await entriesOf(a.orgId)).map((e) => e.id),
      ago(24, 1),
    );
    const old = await entriesOf(a.orgId);
    // Within the retention: kept whoever it is.
    await recordAudit(db(), {
      organizationId: a.orgId,
      actorId: gone.userId,
      action: 'campaign.updated',
      target: 'campaign Spring drive',
    });
    const recent = (await entriesOf(a.orgId)).at(-1)!;
    // An account deleted since: the id went (on delete set null), its name stayed in the target.
    await recordAudit(db(), {
      organizationId: a.orgId,
      actorId: null,
      action: 'auth.sign_in',
      target: 'ghost',
    });
    const ghost = (await entriesOf(a.orgId)).at(-1)!;
    await backdate([ghost.id], ago(30));

    await runJobs();

    const after = await entriesOf(a.orgId);
    expect(after.map((e) => e.id)).toEqual([...old.map((e) => e.id), recent.id, ghost.id]);
    const byId = new Map(after.map((e) => [e.id, e]));
    for (const e of old) {
      const now = byId.get(e.id)!;
      // Action, time and kind stay, whoever it was.
      expect(now).toMatchObject({ action: e.action, createdAt: e.createdAt, actorKind: e.actorKind });
      if (e.actorId === gone.userId || e.actorId === moved.userId) {
        expect(now.actorId, e.action).toBeNull();
        const selfNaming = e.action === 'member.joined';
        expect(now.target, e.action).toBe(selfNaming ? FORMER_MEMBER_TARGET : e.target);
      } else {
        // The admin and the member who stayed keep their entries whole (the admin's
        // removal of `gone` still says whom: it is not an entry of gone's account).
        expect(now, e.action).toEqual({ ...e });
      }
    }
    expect(old.some((e) => e.actorId === gone.userId && e.action === 'member.joined')).toBe(true);
    expect(old.some((e) => e.actorId === stays.userId)).toBe(true);
    expect(byId.get(recent.id)).toMatchObject({ actorId: gone.userId, target: 'campaign Spring drive' });
    expect(byId.get(ghost.id)).toMatchObject({ actorId: null, target: FORMER_MEMBER_TARGET });

    // The log shows the entry, with a former member as the actor.
    const log = await t.app.inject({ url: '/api/organization/activity?limit=100', headers: bearer(a.token) });
    expect(log.statusCode).toBe(200);
    const shown = log
      .json()
      .find((e: { id: number }) => e.id === old.find((o) => o.actorId === gone.userId)?.id);
    expect(shown).toMatchObject({ actor: null, action: expect.any(String) });
  });

  it("follows each organisation's own months, and a member who comes back keeps theirs", async () => {
    const b = await signUp(t.app);
    expect(
      (await sendJson(t.app, 'PUT', '/api/organization/settings', { privacy: { auditMonths: 6 } }, b.token))
        .statusCode,
    ).toBe(200);
    const c = await signUp(t.app);
    const inB = await addMember(t.app, b, 'editor');
    const inC = await addMember(t.app, c, 'editor');
    const back = await addMember(t.app, b, 'viewer');
    for (const [org, who] of [
      [b.orgId, inB],
      [c.orgId, inC],
      [b.orgId, back],
    ] as const)
      await recordAudit(db(), {
        organizationId: org,
        actorId: who.userId,
        action: 'asset.created',
        target: 'asset Flyer',
      });
    for (const [admin, who] of [
      [b, inB],
      [c, inC],
      [b, back],
    ] as const)
      expect((await removeMember(admin, who.userId)).statusCode).toBe(204);
    // Back in b before the job runs: a member again.
    await db().updateTable('users').set({ organizationId: b.orgId }).where('id', '=', back.userId).execute();
    for (const org of [b.orgId, c.orgId])
      await backdate(
        (await entriesOf(org)).map((e) => e.id),
        ago(7),
      );

    await runJobs();

    const actorsIn = async (orgId: number) => (await entriesOf(orgId)).map((e) => e.actorId);
    // b keeps 6 months: seven-month-old entries of its former member lose him; c keeps 24.
    expect(await actorsIn(b.orgId)).not.toContain(inB.userId);
    expect(await actorsIn(b.orgId)).toContain(back.userId);
    expect(await actorsIn(c.orgId)).toContain(inC.userId);
  });

  it('works in batches: a full batch says more is waiting, the next step goes on', async () => {
    const d = await signUp(t.app);
    const m = await addMember(t.app, d, 'editor');
    for (let i = 0; i < 3; i++)
      await recordAudit(db(), {
        organizationId: d.orgId,
        actorId: m.userId,
        action: 'asset.updated',
        target: `asset ${i}`,
      });
    expect((await removeMember(d, m.userId)).statusCode).toBe(204);
    await backdate(
      (await entriesOf(d.orgId)).map((e) => e.id),
      ago(25),
    );
    const left = async () => (await entriesOf(d.orgId)).filter((e) => e.actorId === m.userId).length;
    const before = await left();
    expect(before).toBeGreaterThanOrEqual(4);
    let steps = 0;
    while (await stripFormerMembers(db(), { now: NOW, batch: 2 })) steps++;
    expect(steps).toBeGreaterThanOrEqual(2);
    expect(await left()).toBe(0);
  });
});
