import { describe, expect, it } from 'vitest';
import { recipients } from '../smtp.ts';
import { mailingAppPerFile, postJson, uniqueName } from '../test-app.ts';

// Issue 23 item 1, through password resets: sign-up does not confirm the
// address, and a reset request mails every account registered with it. One stranger
// registers accounts under a victim's address and asks for resets: the instance mails
// the victim once per account per request, outside the daily per-recipient budget.

const { t, smtp } = mailingAppPerFile();

describe('reset mail to an address several strangers registered', () => {
  it('stays within the daily per-recipient budget (MAIL_BUDGET_PER_RECIPIENT, 8)', async () => {
    const victim = `victim-${uniqueName()}@example.net`;
    for (let i = 0; i < 12; i++) {
      const res = await postJson(t.app, '/api/register', {
        username: uniqueName('squat'),
        email: victim,
        password: 'secret123',
      });
      expect(res.statusCode).toBe(201);
    }
    for (let i = 0; i < 2; i++)
      expect((await postJson(t.app, '/api/password-reset', { email: victim })).statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 1500));
    const toVictim = smtp.messages.filter((m) => recipients(m).includes(victim));
    expect(toVictim.length).toBeLessThanOrEqual(8);
  });
});
