import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldError } from 'react-hook-form';
import type { ReminderRequest } from '#shared/schemas/reminders.ts';
import { FieldMessage, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useServerInfo } from '#client/lib/server-info.ts';
import { CheckLine, tickOf } from '#client/components/ui/check-line.tsx';
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
 * The `reminder` of the schedule request, or undefined when none was asked for, from a
 * choice the form's schema has checked (an email comes with its consent). Subscribes this
 * browser first when asked (call it from the submit click); throws with the message to
 * show when that fails.
 */
export async function reminderRequest(choice: ReminderChoice): Promise<ReminderRequest | undefined> {
  const email = choice.email.trim();
  const push = choice.browser ? await subscribeToReminders() : undefined;
  if (!email && !push) return undefined;
  return { ...(email ? { email, consent: true } : {}), ...(push ? { consent: true, push } : {}) };
}

/** 'Get a reminder': an email address with its consent line, and/or a notification in this browser. */
export function ReminderFields({
  organizationName,
  channels,
  value,
  errors = {},
  onChange,
}: {
  organizationName: string;
  channels: { email: boolean; browser: boolean };
  value: ReminderChoice;
  /** The schema's messages: a malformed address, an address without consent. */
  errors?: { email?: FieldError; consent?: FieldError };
  onChange: (value: ReminderChoice) => void;
}) {
  const { t } = useLingui();
  if (!channels.email && !channels.browser) return null;
  return (
    <fieldset className="space-y-2 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">
        <Trans>Get a reminder at that time (optional)</Trans>
      </legend>
      {channels.email && (
        <>
          <Label htmlFor="reminder-email" className="text-sm">
            <Trans>Email me a reminder</Trans>
          </Label>
          <Input
            {...fieldAria('reminder-email', errors.email?.message)}
            type="email"
            autoComplete="email"
            placeholder={t`you@example.org`}
            value={value.email}
            onChange={(e) => onChange({ ...value, email: e.target.value })}
          />
          <FieldMessage id="reminder-email-error" message={errors.email?.message} />
          <CheckLine id="reminder-consent" {...tickOf(value, onChange, 'consent')}>
            <Trans>
              I agree that {organizationName} emails me this one reminder. My address is deleted once it is
              sent.
            </Trans>
          </CheckLine>
          <FieldMessage message={errors.consent?.message} />
        </>
      )}
      {channels.browser && (
        <CheckLine id="reminder-browser" {...tickOf(value, onChange, 'browser')}>
          <Trans>Remind me in this browser (a notification; your browser asks for permission)</Trans>
        </CheckLine>
      )}
    </fieldset>
  );
}
