import { useLingui } from '@lingui/react/macro';
import { REGISTRATION_CLOSED_MESSAGE, REGISTRATION_INVITE_ONLY_MESSAGE } from '#shared/errors.ts';
import { readsEnglish, wordRefusal } from '#client/lib/error-words.ts';
import type { RegistrationPolicy } from '#shared/schemas/instance-settings.ts';

/**
 * What the sign-up tab says, before anyone types, when the instance's policy
 * (GET /api/auth-status `registration`) lets nobody sign up on their own: null when
 * the form is for them (open, or they came with an invitation link).
 */
export function RegistrationNotice({
  registration,
  invited,
}: {
  registration: RegistrationPolicy | undefined;
  invited: boolean;
}) {
  const { t, i18n } = useLingui();
  const code = registration === 'closed' ? 'REGISTRATION_CLOSED' : 'REGISTRATION_INVITE_ONLY';
  // The refusal sign-up would answer, worded as the client words refusals: the server's
  // own English for an English reader, the code's words otherwise.
  const english = registration === 'closed' ? REGISTRATION_CLOSED_MESSAGE : REGISTRATION_INVITE_ONLY_MESSAGE;
  if (invited || registration === undefined || registration === 'open') return null;
  return (
    <div role="status" className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
      <p className="font-medium">
        {registration === 'closed' ? t`Sign-up is closed` : t`Sign-up is by invitation only`}
      </p>
      <p className="mt-1">{readsEnglish(i18n) ? english : wordRefusal(i18n, code)}</p>
    </div>
  );
}
