import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { NO_VISITOR_COOKIE_NAME } from '#shared/constants.ts';
import {
  COOKIE_CHOICE_PATH,
  COOKIE_OFF_BUTTON,
  COOKIE_ON_BUTTON,
  PRIVACY_POLICY_LINK,
  TYPED_SENTENCE,
  type VisitorCookieState,
  visitorCookieSentence,
} from '#shared/privacy-notice.ts';
import type { SupporterOrganization } from '#shared/schemas/settings.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { sharedWords } from '../lib/words.ts';

/** Global Privacy Control as the browser tells the page (it sends `Sec-GPC: 1` to the server). */
const sendsGpc = () => (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/** How this browser stands: GPC wins; else the supporter's own choice (a cookie that holds no id). */
export function currentVisitorCookieState(): VisitorCookieState {
  if (sendsGpc()) return 'gpc';
  return document.cookie.split(/;\s*/).includes(`${NO_VISITOR_COOKIE_NAME}=1`) ? 'choice' : 'cookie';
}

/**
 * The page's privacy notice (docs/api.md "Privacy"), the same words as the server's first
 * paint (first-paint.ts): what the page keeps, a link to the organisation's policy, and
 * the choice to share without the visitor cookie, or to have it back. Under Global
 * Privacy Control there is no choice to make: the page keeps no id.
 */
export function PrivacyNotice({ organization }: { organization: SupporterOrganization }) {
  const { t, i18n } = useLingui();
  const [state, setState] = useState(currentVisitorCookieState);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const choose = async (visitorCookie: boolean) => {
    setBusy(true);
    setError('');
    try {
      await apiRequest('PUT', COOKIE_CHOICE_PATH, { visitorCookie });
      setState(visitorCookie ? currentVisitorCookieState() : 'choice');
    } catch {
      setError(t`Your choice could not be saved. Please try again.`);
    } finally {
      setBusy(false);
    }
  };
  const policy = organization.privacyPolicyUrl;
  return (
    <footer
      className="mx-auto max-w-5xl px-4 pb-8 text-xs text-muted-foreground"
      data-testid="privacy-notice"
    >
      <p>
        <span aria-live="polite">{sharedWords(i18n, visitorCookieSentence(state))}</span>{' '}
        {sharedWords(i18n, TYPED_SENTENCE, { organization: organization.name })}
        {policy && (
          <>
            {' '}
            <a href={policy} target="_blank" rel="noopener noreferrer" className="underline">
              {sharedWords(i18n, PRIVACY_POLICY_LINK)}
              <span className="sr-only">
                {' '}
                <Trans>(opens in a new tab)</Trans>
              </span>
            </a>
          </>
        )}
        {state !== 'gpc' && (
          <>
            {' '}
            <button
              type="button"
              className="inline-flex min-h-11 items-center underline disabled:opacity-60"
              disabled={busy}
              onClick={() => choose(state === 'choice')}
            >
              {sharedWords(i18n, state === 'choice' ? COOKIE_ON_BUTTON : COOKIE_OFF_BUTTON)}
            </button>
          </>
        )}
      </p>
      {error && (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      )}
    </footer>
  );
}
