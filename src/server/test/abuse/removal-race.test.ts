import { describe, expect, it } from 'vitest';
import { addMember, tokenOf } from '../teams.ts';
import { appPerFile, postJson, sendJson, signUp } from '../test-app.ts';

// Issue 23 item 3 ("at once"): the permission hook reads the member's role
// when the request starts; a key or invitation the member is making while an admin
// removes them must not outlive the removal (it would bring them back on rejoin, or let
// the second address they invited in).

const t = appPerFile();

describe('an API key or invitation made while its maker is being removed', () => {
  it('does not survive the removal', async () => {
    const admin = await signUp(t.app);
    const survivors = { keys: 0, invitations: 0, accepted: 0 };
    for (let round = 0; round < 6; round++) {
      const member = await addMember(t.app, admin, 'admin');
      const makes = Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? postJson(
              t.app,
              '/api/organization/api-keys',
              { name: `k${round}-${i}`, role: 'admin' },
              member.token,
            )
          : postJson(
              t.app,
              '/api/organization/invitations',
              { email: `alt${round}-${i}-${member.username}@example.org`, role: 'admin' },
              member.token,
            ),
      );
      // The removal lands while those requests are between their permission check and their write.
      const removal = new Promise((r) => setTimeout(r, round)).then(() =>
        sendJson(t.app, 'DELETE', `/api/organization/members/${member.userId}`, undefined, admin.token),
      );
      const [removed, ...made] = await Promise.all([removal, ...makes]);
      expect((removed as { statusCode: number }).statusCode).toBe(204);
      // A stranger given a link the removed member made: may it join as admin?
      for (const res of made) {
        const url = res.statusCode === 201 ? (res.json().url as string | undefined) : undefined;
        if (!url) continue;
        const joiner = await signUp(t.app, { org: false });
        const accepted = await postJson(
          t.app,
          `/api/invitations/${tokenOf(url)}/accept`,
          undefined,
          joiner.token,
        );
        if (accepted.statusCode === 200) survivors.accepted++;
      }
      const db = t.database.db;
      const keys = await db
        .selectFrom('apiKeys')
        .select('id')
        .where('organizationId', '=', admin.orgId)
        .where('createdBy', '=', member.userId)
        .execute();
      const invitations = await db
        .selectFrom('invitations')
        .select('id')
        .where('organizationId', '=', admin.orgId)
        .where('invitedBy', '=', member.userId)
        .where('acceptedAt', 'is', null)
        .execute();
      survivors.keys += keys.length;
      survivors.invitations += invitations.length;
    }
    expect(survivors.keys + survivors.invitations, 'keys and invitations left').toBe(0);
    expect(survivors.accepted, 'links of the removed member accepted').toBe(0);
  });
});
