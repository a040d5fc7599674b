import { describe, expect, it } from 'vitest';
import { recipients } from '../smtp.ts';
import { mailingAppPerFile, postJson, signUp } from '../test-app.ts';

// Issue 23 item 1 ("the instance mails anything to anyone"): a signed-up
// stranger names an organisation with a phishing line and invites addresses they typed.
// The reminder path now confirms and budgets; the invitation path must not be the
// same door left open.

const PHISH = 'ACTION REQUIRED your mailbox will be closed verify at phish.example';

describe('invitation mail, let out at once (no hold)', () => {
  const { t, smtp } = mailingAppPerFile('rally@example.org', { MAIL_HOLD_NEW_ORGS_HOURS: '0' });
  it('does not carry the organisation name in its subject', async () => {
    const stranger = await signUp(t.app, { org: false });
    const org = await postJson(
      t.app,
      '/api/organizations',
      { name: PHISH, username: `o-${stranger.username}` },
      stranger.token,
    );
    expect(org.statusCode).toBe(201);
    const to = `target-${stranger.username}@victims.example`;
    const res = await postJson(
      t.app,
      '/api/organization/invitations',
      { email: to, role: 'viewer' },
      stranger.token,
    );
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor(to);
    expect(mail.subject).not.toContain('ACTION REQUIRED');
  });
});

describe('invitation mail from a brand-new organisation', () => {
  const { t, smtp } = mailingAppPerFile();
  it('is not sent to any number of typed addresses at once (budget or hold for a new organisation)', async () => {
    const stranger = await signUp(t.app, { org: false });
    await postJson(
      t.app,
      '/api/organizations',
      { name: 'Fresh', username: `f-${stranger.username}` },
      stranger.token,
    );
    const targets = Array.from({ length: 30 }, (_, i) => `inv${i}-${stranger.username}@victims.example`);
    for (const email of targets)
      await postJson(t.app, '/api/organization/invitations', { email, role: 'viewer' }, stranger.token);
    await new Promise((r) => setTimeout(r, 500));
    const mailed = smtp.messages.filter((m) =>
      recipients(m).some((a) => a !== undefined && targets.includes(a)),
    ).length;
    // The reminder path's per-organisation daily budget is counted in the outbox and a
    // new organisation's mail is held (MAIL_HOLD_NEW_ORGS_HOURS); here, 30 mails left
    // an organisation made a second ago.
    expect(mailed).toBe(0);
  });
});
