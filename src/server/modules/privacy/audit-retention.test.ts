import { beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../lib/audit.ts';
import { addMember } from '../../test/teams.ts';
import { appPerFile, bearer, type SignedUp, sendJson, signUp } from '../../test/test-app.ts';
import {
  AUDIT_RETENTION_JOB,
  FORMER_MEMBER_TARGET,
  PERSON_NAMING_ACTIONS,
  stripFormerMembers,
} from './audit-retention.job.ts';
import { cutoffFor } from './retention.job.ts';

// The audit retention on the database the suite runs on: entries older than their
// organisation's `auditMonths` lose the actor once that person is no longer a member
// (removed, left, gone to another organisation, account deleted), the target of an
// entry of their own account, and the target of an entry about another person
// (removal, role change, invitation) once nobody of that name or address is a member;
// everything else about the entry stays, as do the entries of members, the targets
// that name things, and the newer entries. Run by the app's own job runner, so the
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

/** Whether an entry about another person names `username` (or its test address). */
const names = (e: { action: string; target: string }, username: string) =>
  e.action in PERSON_NAMING_ACTIONS &&
  [username, `${username}@example.org as `, `${username}: `].some((n) =>
    n === username ? e.target === n : e.target.startsWith(n),
  );

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
      } else if (names(e, gone.username) || names(e, moved.username)) {
        // The admin's removal of `gone`, invitations of both: the admin stays, the name goes.
        expect(now, e.action).toEqual({ ...e, target: FORMER_MEMBER_TARGET });
      } else {
        // The admin and the member who stayed keep their entries whole.
        expect(now, e.action).toEqual({ ...e });
      }
    }
    expect(old.some((e) => e.actorId === gone.userId && e.action === 'member.joined')).toBe(true);
    expect(old.some((e) => e.actorId === stays.userId)).toBe(true);
    expect(old.some((e) => e.action === 'member.removed' && names(e, gone.username))).toBe(true);
    expect(old.some((e) => names(e, stays.username))).toBe(true);
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

  it('strips a former member named as the target past the retention, never a member or a thing', async () => {
    const e = await signUp(t.app);
    // Another organisation, keeping its log ten years: none of its entries is due.
    const f = await signUp(t.app);
    expect(
      (await sendJson(t.app, 'PUT', '/api/organization/settings', { privacy: { auditMonths: 120 } }, f.token))
        .statusCode,
    ).toBe(200);
    const gone = await addMember(t.app, e, 'viewer');
    const stays = await addMember(t.app, e, 'viewer');
    const inF = await addMember(t.app, f, 'viewer');
    const role = await sendJson(
      t.app,
      'PUT',
      `/api/organization/members/${gone.userId}`,
      { role: 'editor' },
      e.token,
    );
    expect(role.statusCode).toBe(200);
    expect((await removeMember(e, gone.userId)).statusCode).toBe(204);
    const entry = (
      orgId: number,
      action: 'member.removed' | 'invitation.created' | 'api_key.created' | 'campaign.created',
      target: string,
    ) => recordAudit(db(), { organizationId: orgId, actorId: null, action, target });
    // An invitation never accepted, a member's address in other letters, a member of
    // another organisation only, and things that share the former member's name.
    await entry(e.orgId, 'invitation.created', 'never@example.org as viewer');
    await entry(e.orgId, 'invitation.created', `${stays.username.toUpperCase()}@EXAMPLE.ORG as editor`);
    await entry(e.orgId, 'member.removed', inF.username);
    await entry(e.orgId, 'api_key.created', gone.username);
    await entry(e.orgId, 'campaign.created', `campaign ${gone.username}`);
    await entry(f.orgId, 'member.removed', gone.username);
    for (const org of [e.orgId, f.orgId])
      await backdate(
        (await entriesOf(org)).map((x) => x.id),
        ago(24, 1),
      );
    // Within the retention: kept.
    await entry(e.orgId, 'member.removed', gone.username);
    const beforeF = await entriesOf(f.orgId);
    const before = await entriesOf(e.orgId);

    await runJobs();

    const target = new Map((await entriesOf(e.orgId)).map((x) => [x.id, x.target]));
    const stripped = before
      .filter((x) => target.get(x.id) === FORMER_MEMBER_TARGET)
      .map((x) => [x.action, x.target]);
    expect(stripped.sort()).toEqual(
      [
        ['invitation.created', `${gone.username}@example.org as viewer`],
        ['member.role_changed', `${gone.username}: viewer -> editor`],
        // Their own entry, stripped with them as its actor.
        ['member.joined', `${gone.username} as viewer`],
        ['member.removed', gone.username],
        ['invitation.created', 'never@example.org as viewer'],
        ['member.removed', inF.username],
      ].sort(),
    );
    const kept = before.filter((x) => target.get(x.id) === x.target);
    expect(kept.length + stripped.length).toBe(before.length);
    for (const [action, name] of [
      ['invitation.created', `${stays.username}@example.org as viewer`],
      ['invitation.created', `${stays.username.toUpperCase()}@EXAMPLE.ORG as editor`],
      ['api_key.created', gone.username],
      ['campaign.created', `campaign ${gone.username}`],
    ])
      expect(kept.map((x) => [x.action, x.target])).toContainEqual([action, name]);
    // The recent removal keeps the name; the other organisation's entries stay as they were.
    expect(target.get(before.at(-1)!.id)).toBe(gone.username);
    expect(beforeF.some((x) => x.action === 'member.removed' && x.target === gone.username)).toBe(true);
    expect(await entriesOf(f.orgId)).toEqual(beforeF);
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
    for (let i = 0; i < 3; i++)
      await recordAudit(db(), {
        organizationId: d.orgId,
        actorId: d.userId,
        action: 'member.removed',
        target: m.username,
      });
    await backdate(
      (await entriesOf(d.orgId)).map((e) => e.id),
      ago(25),
    );
    // Entries of theirs (the actor), and entries about them (the target).
    const left = async () => {
      const entries = await entriesOf(d.orgId);
      return [
        entries.filter((e) => e.actorId === m.userId).length,
        entries.filter((e) => names(e, m.username)).length,
      ];
    };
    const [acted, named] = await left();
    expect(acted).toBeGreaterThanOrEqual(4);
    expect(named).toBeGreaterThanOrEqual(5);
    let steps = 0;
    while (await stripFormerMembers(db(), { now: NOW, batch: 2 })) steps++;
    expect(steps).toBeGreaterThanOrEqual(4);
    expect(await left()).toEqual([0, 0]);
  });
});
