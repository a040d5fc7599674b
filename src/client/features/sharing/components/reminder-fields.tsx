import { REMINDER_CONSENT_REQUIRED, type ReminderRequest } from '#shared/schemas/reminders.ts';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useServerInfo } from '#client/lib/server-info.ts';
import { browserRemindersSupported, subscribeToReminders } from '../lib/browser-reminder.ts';

export interface ReminderChoice {
  email: string;
  consent: boolean;
  browser: boolean;
}

export const NO_REMINDER: ReminderChoice = { email: '', consent: false, browser: false };

/** The ways this page can remind: email when the organisation collects information and the server mails. */
export function useReminderChannels(collectInfo: boolean | undefined) {
  const mail = useServerInfo().data?.mail === true;
  return { email: Boolean(collectInfo) && mail, browser: browserRemindersSupported() };
}

/**
 * The `reminder` of the schedule request, or undefined when none was asked for.
 * Subscribes this browser first when asked (call it from the submit click). Throws
 * with the message to show when the choice cannot be used.
 */
export async function reminderRequest(choice: ReminderChoice): Promise<ReminderRequest | undefined> {
  const email = choice.email.trim();
  if (email && !choice.consent) throw new Error(REMINDER_CONSENT_REQUIRED);
  const push = choice.browser ? await subscribeToReminders() : undefined;
  if (!email && !push) return undefined;
  return { ...(email ? { email, consent: true } : {}), ...(push ? { consent: true, push } : {}) };
}

/** 'Get a reminder': an email address with its consent line, and/or a notification in this browser. */
export function ReminderFields({
  organizationName,
  channels,
  value,
  onChange,
}: {
  organizationName: string;
  channels: { email: boolean; browser: boolean };
  value: ReminderChoice;
  onChange: (value: ReminderChoice) => void;
}) {
  if (!channels.email && !channels.browser) return null;
  return (
    <fieldset className="space-y-2 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">Get a reminder at that time (optional)</legend>
      {channels.email && (
        <>
          <Label htmlFor="reminder-email" className="text-sm">
            Email me a reminder
          </Label>
          <Input
            id="reminder-email"
            type="email"
            autoComplete="email"
            placeholder="you@example.org"
            value={value.email}
            onChange={(e) => onChange({ ...value, email: e.target.value })}
          />
          <div className="flex items-start gap-2">
            <input
              id="reminder-consent"
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={value.consent}
              onChange={(e) => onChange({ ...value, consent: e.target.checked })}
            />
            <Label htmlFor="reminder-consent" className="text-sm font-normal leading-snug">
              I agree that {organizationName} emails me this one reminder. My address is deleted once it is
              sent.
            </Label>
          </div>
        </>
      )}
      {channels.browser && (
        <div className="flex items-start gap-2">
          <input
            id="reminder-browser"
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={value.browser}
            onChange={(e) => onChange({ ...value, browser: e.target.checked })}
          />
          <Label htmlFor="reminder-browser" className="text-sm font-normal leading-snug">
            Remind me in this browser (a notification; your browser asks for permission)
          </Label>
        </div>
      )}
    </fieldset>
  );
}
