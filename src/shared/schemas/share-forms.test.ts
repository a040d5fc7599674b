import { describe, expect, it } from 'vitest';
import { REMINDER_CONSENT_REQUIRED } from './reminders.ts';
import {
  MASTODON_SERVER_INVALID,
  mastodonServerFormSchema,
  NO_ASSET_TO_SCHEDULE,
  SCHEDULE_DATE_REQUIRED,
  scheduleShareFormSchema,
} from './shares.ts';

/** Each refusal as path -> message. */
const refusals = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const noReminder = { email: '', consent: false, browser: false };
const filled = {
  assetId: 7,
  day: new Date(2030, 0, 2),
  time: '6:30 PM',
  platform: 'all',
  reminder: noReminder,
};

describe('scheduleShareFormSchema: the schedule dialog before anything is sent', () => {
  it('takes an asset, a day, a slot and a platform; no reminder is asked for by default', () => {
    expect(scheduleShareFormSchema.parse(filled)).toEqual(filled);
  });

  it("names the missing asset and the missing day on their fields, with the toasts' words", () => {
    const result = scheduleShareFormSchema.safeParse({ ...filled, assetId: undefined, day: undefined });
    expect(refusals(result)).toEqual({ assetId: NO_ASSET_TO_SCHEDULE, day: SCHEDULE_DATE_REQUIRED });
  });

  it('an email reminder needs the consent line, said on the consent field', () => {
    const reminder = { ...noReminder, email: 'me@example.org' };
    expect(refusals(scheduleShareFormSchema.safeParse({ ...filled, reminder }))).toEqual({
      'reminder.consent': REMINDER_CONSENT_REQUIRED,
    });
    const consented = scheduleShareFormSchema.parse({ ...filled, reminder: { ...reminder, consent: true } });
    expect(consented.reminder.email).toBe('me@example.org');
  });

  it('a blank address is no email reminder; a malformed one is refused on the email field', () => {
    expect(
      scheduleShareFormSchema.parse({ ...filled, reminder: { ...noReminder, email: '  ' } }).reminder.email,
    ).toBe('');
    const bad = scheduleShareFormSchema.safeParse({
      ...filled,
      reminder: { ...noReminder, email: 'me@', consent: true },
    });
    expect(Object.keys(refusals(bad))).toEqual(['reminder.email']);
  });

  it('refuses a platform the server does not know', () => {
    expect(
      Object.keys(refusals(scheduleShareFormSchema.safeParse({ ...filled, platform: 'myspace' }))),
    ).toEqual(['platform']);
  });
});

describe('mastodonServerFormSchema: the share dialog asks for a server once', () => {
  it('gives the host name of what was typed or pasted', () => {
    expect(mastodonServerFormSchema.parse({ server: ' https://Fosstodon.org/ ' })).toEqual({
      server: 'fosstodon.org',
    });
  });

  it('refuses what is not a server name with the field message', () => {
    for (const server of ['', 'mastodon.social/@me', 'user@mastodon.social']) {
      expect(refusals(mastodonServerFormSchema.safeParse({ server })), server).toEqual({
        server: MASTODON_SERVER_INVALID,
      });
    }
  });
});
