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
    return { title: 'Error', description: `Failed to create ${kind}. ${err.message}` };
  }
  if (!(err instanceof ApiError)) {
    return { title: 'Error', description: `Failed to create ${kind}. Please try again.` };
  }
  const title = kind === 'campaign' ? 'Campaign Creation Failed' : 'Asset Creation Failed';
  if (isServerFailure(err)) return { title, description: errorMessage(err, 'An unknown error occurred') };
  const message = (err.body as { message?: string } | undefined)?.message;
  if (message) return { title, description: message };
  if (kind === 'campaign' && err.text) return { title, description: `API error: ${err.text}` };
  return { title, description: 'An unknown error occurred' };
}
