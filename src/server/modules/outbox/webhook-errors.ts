import type { WebhookDeliveryError, WebhookErrorParams } from '#shared/schemas/webhooks.ts';
import { HttpError } from '../../lib/errors.ts';
import { FetchRefused } from '../../lib/safe-fetch.ts';

// Why a webhook attempt did not deliver: a stable code with its values, which the
// delivery log keeps and the client words in the reader's language (docs/api.md
// "Integrations > Endpoints"), and the same in English for the API's `error` and logs.

export interface DeliveryError {
  code: WebhookDeliveryError;
  params: WebhookErrorParams;
  /** English. */
  text: string;
}

/** A receiver's answer that is not a 2xx. */
export const statusError = (status: number): DeliveryError => ({
  code: 'receiver_status',
  params: { status },
  text: `The receiver answered ${status}`,
});

/** A post that got no answer: refused by the address guard, timed out, or not connected. */
export function noAnswerError(err: unknown, timeoutMs: number): DeliveryError {
  if (err instanceof FetchRefused) {
    const { kind, ...params } = err.refusal;
    return { code: kind, params, text: err.message };
  }
  if (err instanceof HttpError) return { code: 'refused', params: {}, text: err.message };
  const e = err as { message?: string; code?: string; cause?: { message?: string } };
  if (e.message === 'timeout' || e.cause?.message === 'timeout' || e.code === 'ABORT_ERR') {
    const seconds = timeoutMs / 1000;
    return { code: 'timeout', params: { seconds }, text: `No answer within ${seconds} s` };
  }
  const networkCode = typeof e.code === 'string' ? e.code : undefined;
  return {
    code: 'unreachable',
    params: networkCode ? { networkCode } : {},
    text: `Could not reach the receiver${networkCode ? ` (${networkCode})` : ''}`,
  };
}
