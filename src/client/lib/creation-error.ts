import { t } from '@lingui/core/macro';
import { ApiError, errorMessage, isServerFailure, NetworkError } from './api-client.ts';

/**
 * The failure toast of a campaign or asset creation:
 * when the server answered, '<Kind> Creation Failed' with its message (a campaign's
 * non-JSON body shows as 'API error: {raw text}'), else 'An unknown error occurred';
 * a server failure (5xx) in plain words, never its raw page;
 * when no answer came at all, 'Error' / 'Failed to create <kind>. Please try again.';
 * when the request went out and no answer came in time, that it failed and why (NO_ANSWER:
 * "Rally did not answer within 10 seconds..."), so a hung server is not taken for a refusal.
 */
export function creationFailure(
  err: unknown,
  kind: 'campaign' | 'asset',
): { title: string; description: string } {
  if (err instanceof NetworkError && err.timedOut) {
    const reason = err.message;
    const description =
      kind === 'campaign' ? t`Failed to create campaign. ${reason}` : t`Failed to create asset. ${reason}`;
    return { title: t`Error`, description };
  }
  if (!(err instanceof ApiError)) {
    const description =
      kind === 'campaign'
        ? t`Failed to create campaign. Please try again.`
        : t`Failed to create asset. Please try again.`;
    return { title: t`Error`, description };
  }
  const title = kind === 'campaign' ? t`Campaign Creation Failed` : t`Asset Creation Failed`;
  const unknown = t`An unknown error occurred`;
  if (isServerFailure(err)) return { title, description: errorMessage(err, unknown) };
  const message = errorMessage(err, '');
  if (message) return { title, description: message };
  const text = err.text;
  if (kind === 'campaign' && text) return { title, description: t`API error: ${text}` };
  return { title, description: unknown };
}
